import type { ReactNode } from 'react';
import type { ExplorerRow, ExplorerTranslationBadge } from '../../shared/admin/explorer';
import { formatDateTime } from './format';
import { PageRowMenu, PlaceTag, ViewLiveLink } from './PageRowMenu';
import { PrivateTag } from './PrivateTag';
import { StatusTag } from './StatusTag';

/** A sortable column header: where the link leads and whether the table is sorted by it now. */
export type SortHeader = { href: string; current?: 'ascending' | 'descending'; next: 'ascending' | 'descending' };
type SortableColumn = 'title' | 'status' | 'updated';

export type PageTableProps<Row extends ExplorerRow> = {
  rows: Row[];
  caption: string;
  /** Column headers that re-sort the listing (the explorer). */
  sort?: Partial<Record<SortableColumn, SortHeader>>;
  /** A "Parent" column after the title (search results). */
  parentOf?: (row: Row) => ReactNode;
  /** A trailing column of controls (the explorer's move up/down), with its header. */
  actions?: { header: string; cell: (row: Row, index: number) => ReactNode };
  /** The id of each row's <tr>, so a redirect can scroll back to it. */
  rowId?: (row: Row) => string;
  /** A leading checkbox per row for the bulk actions form (its id), with the row's title as its name. */
  selectForm?: string;
};

function Header({ label, sort, className }: { label: string; sort?: SortHeader; className?: string }) {
  if (!sort)
    return (
      <th scope="col" className={className}>
        {label}
      </th>
    );
  return (
    <th scope="col" aria-sort={sort.current} className={className}>
      <a href={sort.href} className="admin-table__sort">
        {label}
        <span className="visually-hidden">{`, sort ${sort.next}`}</span>
        {sort.current ? <span aria-hidden="true">{sort.current === 'ascending' ? ' ▲' : ' ▼'}</span> : null}
      </a>
    </th>
  );
}

/** Pages as a table: title (to the editor), type, status and last update; child pages one click away. */
export function PageTable<Row extends ExplorerRow>({
  rows,
  caption,
  sort,
  parentOf,
  actions,
  rowId,
  selectForm,
}: PageTableProps<Row>) {
  const withMenus = rows.some((row) => row.actions !== undefined);
  return (
    <div className="admin-table-scroll">
      <table className="admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {selectForm ? (
              <th scope="col" className="admin-table__select">
                {/* Shown by client/admin/page-bulk.ts: without JavaScript each row is ticked by hand. */}
                <input
                  type="checkbox"
                  aria-label="Select all pages listed"
                  form={selectForm}
                  data-bulk-select-all
                  hidden
                />
                <span className="visually-hidden">Select</span>
              </th>
            ) : null}
            <Header label="Title" sort={sort?.title} />
            {parentOf ? <th scope="col">Parent</th> : null}
            <th scope="col" className="admin-table__secondary">
              Type
            </th>
            <Header label="Status" sort={sort?.status} />
            {/* On a phone the row menu matters more than the date: the date gives way. */}
            <Header label="Updated" sort={sort?.updated} className="admin-table__secondary" />
            {actions ? <th scope="col">{actions.header}</th> : null}
            {withMenus ? (
              <th scope="col" className="admin-table__menu">
                <span className="visually-hidden">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.id} id={rowId?.(row)}>
              {selectForm ? (
                <td className="admin-table__select">
                  <input
                    type="checkbox"
                    name="id"
                    value={row.id}
                    form={selectForm}
                    aria-label={`Select ${row.title}`}
                    data-bulk-select
                  />
                </td>
              ) : null}
              <td>
                {row.canEdit ? (
                  <a className="admin-table__title" href={`/wagtail/pages/${row.id}/edit/`}>
                    {row.title}
                  </a>
                ) : (
                  <span className="admin-table__title">{row.title}</span>
                )}
                <PlaceTag place={row.place} />
                <ViewLiveLink href={row.publicUrl} title={row.title} />
                {row.childCount > 0 ? (
                  <a className="admin-table__children" href={`/wagtail/pages/${row.id}/`}>
                    {row.childCount === 1 ? '1 child page' : `${row.childCount} child pages`}
                    <span className="visually-hidden"> of {row.title}</span>
                  </a>
                ) : null}
              </td>
              {parentOf ? <td>{parentOf(row)}</td> : null}
              <td className="admin-table__secondary">{row.typeLabel}</td>
              <td>
                <StatusTag status={row.status} />
                {row.isPrivate ? (
                  <>
                    {' '}
                    <PrivateTag />
                  </>
                ) : null}
                {row.translations?.length ? <TranslationBadges badges={row.translations} /> : null}
              </td>
              <td className="admin-table__secondary">
                <time dateTime={row.updatedAt}>{formatDateTime(row.updatedAt)}</time>
              </td>
              {actions ? <td>{actions.cell(row, index)}</td> : null}
              {withMenus ? (
                <td className="admin-table__menu">
                  <PageRowMenu title={row.title} actions={row.actions ?? []} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const BADGE_MODIFIER = { missing: 'draft', in_progress: 'scheduled', out_of_date: 'expired', up_to_date: 'live' };
const BADGE_LABEL = {
  missing: 'missing',
  in_progress: 'in progress',
  out_of_date: 'out of date',
  up_to_date: 'up to date',
};

/** A page's translations, one small tag per locale: its state in words (never colour alone). */
function TranslationBadges({ badges }: { badges: ExplorerTranslationBadge[] }) {
  return (
    <span className="admin-translation-badges">
      {badges.map((badge) => (
        <span
          key={badge.languageCode}
          className={`admin-status admin-status--${BADGE_MODIFIER[badge.state]} admin-status--small`}
        >
          {`${badge.languageCode} ${BADGE_LABEL[badge.state]}${badge.state === 'in_progress' ? ` ${badge.percent}%` : ''}`}
        </span>
      ))}
    </span>
  );
}
