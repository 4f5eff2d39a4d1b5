import type { CellView, ListIntro, ListView } from '../../../shared/admin/viewset';
import { CsrfField } from '../CsrfField';
import { FlashMessage } from '../FormFields';

/**
 * A viewset's list (Wagtail's IndexView): search and filters in one GET form, sortable column
 * headers, bulk actions on ticked rows (a GET form to each confirmation screen), export links
 * for the current filtered list, and pages of 50. Everything works without JavaScript. List-only
 * viewsets (the reports, embeds) use it too: no search box when `searchable` is false, date
 * filters, cells drawn as more than text, and row actions that post a small form (they need
 * `csrfToken`).
 */
export function ListScreen({ view, message, csrfToken }: { view: ListView; message?: string; csrfToken?: string }) {
  const { names, pagination } = view;
  const heading = view.heading ?? names.plural.charAt(0).toUpperCase() + names.plural.slice(1);
  const bulkFormId = 'viewset-bulk';
  const searchable = view.searchable !== false;
  const selectable = Boolean(view.bulkDeleteAction || view.bulkActions?.length);
  return (
    <>
      <div className="admin-heading">
        <h1>{heading}</h1>
        <div className="admin-heading__actions">
          {view.actions.map((action) => (
            <a key={action.href} className="admin-button admin-button--secondary" href={action.href}>
              {action.label}
            </a>
          ))}
          {view.addHref ? (
            <a className="admin-button admin-button--primary" href={view.addHref}>
              {`Add ${names.name}`}
            </a>
          ) : null}
        </div>
      </div>
      {view.tabs ? (
        <nav aria-label={view.tabs.label} className="admin-tabs">
          {view.tabs.links.map((link) => (
            <a key={link.href} href={link.href} aria-current={link.current ? 'page' : undefined}>
              {link.label}
            </a>
          ))}
        </nav>
      ) : null}
      {view.intro ? (
        <p className="admin-muted">
          <Intro intro={view.intro} />
        </p>
      ) : null}
      <FlashMessage message={message} />
      {searchable || view.filters.length ? (
        <form
          method="get"
          action={view.baseUrl}
          className="admin-filters"
          role="search"
          aria-label={searchable ? `Search ${names.plural}` : `Filter ${names.plural}`}
        >
          {searchable ? (
            <div className="admin-field">
              <label htmlFor="id_q">{`Search ${names.plural}`}</label>
              <input id="id_q" type="search" name="q" defaultValue={view.q} />
            </div>
          ) : null}
          {view.filters.map((filter) => (
            <div className="admin-field" key={filter.name}>
              <label htmlFor={`id_filter_${filter.name}`}>{filter.label}</label>
              {filter.type === 'date' ? (
                <input id={`id_filter_${filter.name}`} type="date" name={filter.name} defaultValue={filter.value} />
              ) : (
                <select id={`id_filter_${filter.name}`} name={filter.name} defaultValue={filter.value}>
                  {filter.choices.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.label}
                    </option>
                  ))}
                </select>
              )}
            </div>
          ))}
          {view.ordering ? <input type="hidden" name="ordering" value={view.ordering} /> : null}
          <button type="submit" className="admin-button admin-button--secondary">
            {searchable ? 'Search' : 'Apply filters'}
          </button>
        </form>
      ) : null}
      <p className="admin-muted" role="status">
        {pagination.total === 1 ? `1 ${names.name}` : `${pagination.total} ${names.plural}`}
        {view.q ? ` matching "${view.q}"` : ''}
        {view.exportHrefs ? (
          <>
            {' · Export: '}
            <a href={view.exportHrefs.csv}>CSV</a>
            {', '}
            <a href={view.exportHrefs.xlsx}>XLSX</a>
          </>
        ) : null}
      </p>
      {selectable && view.rows.length ? <BulkBar view={view} formId={bulkFormId} /> : null}
      {view.layout === 'grid' ? (
        <ListGrid view={view} heading={heading} bulkFormId={selectable ? bulkFormId : undefined} />
      ) : (
        <ListTable
          view={view}
          heading={heading}
          bulkFormId={selectable ? bulkFormId : undefined}
          csrfToken={csrfToken}
        />
      )}
      {view.rows.length === 0 ? (
        <p className="admin-empty">
          {view.filters.some((f) => f.value)
            ? `No ${names.plural} match.`
            : view.q
              ? `Sorry, no ${names.plural} match "${view.q}".`
              : (view.emptyText ?? `There are no ${names.plural} yet.`)}
        </p>
      ) : null}
      {pagination.pageCount > 1 ? (
        <nav aria-label="Pagination" className="admin-pagination">
          {pagination.previousHref ? <a href={pagination.previousHref}>Previous</a> : null}
          <span aria-current="page">{`Page ${pagination.page} of ${pagination.pageCount}`}</span>
          {pagination.nextHref ? <a href={pagination.nextHref}>Next</a> : null}
        </nav>
      ) : null}
    </>
  );
}

/**
 * The bulk actions bar (as the page listing's): a GET form that the rows' checkboxes belong to
 * (their `form` attribute); each button sends the ticked ids to its confirmation screen.
 */
function BulkBar({ view, formId }: { view: ListView; formId: string }) {
  const first = view.bulkActions?.[0]?.href ?? view.bulkDeleteAction;
  return (
    <form id={formId} method="get" action={first} className="admin-bulk" aria-label="Bulk actions">
      <input type="hidden" name="next" value={view.selfHref} />
      <p className="admin-bulk__count">{`Tick ${view.names.plural}, then choose an action:`}</p>
      {(view.bulkActions ?? []).map((action) => (
        <button
          key={action.href}
          type="submit"
          formAction={action.href}
          className="admin-button admin-button--secondary"
        >
          {action.label}
        </button>
      ))}
      {view.bulkDeleteAction ? (
        <button type="submit" formAction={view.bulkDeleteAction} className="admin-button admin-button--danger">
          Delete selected
        </button>
      ) : null}
    </form>
  );
}

/** `bulkFormId`: the rows can be ticked for the bulk actions form of that id. */
type LayoutProps = { view: ListView; heading: string; bulkFormId?: string };

/** The rows as a table with sortable column headers (most models). */
function ListTable({ view, heading, bulkFormId, csrfToken }: LayoutProps & { csrfToken?: string }) {
  return (
    <div className="admin-table-scroll">
      <table className="admin-table admin-table--viewset">
        <caption className="visually-hidden">{`${heading}, sorted by ${view.columns.find((c) => c.sorted)?.label ?? 'default order'}`}</caption>
        <thead>
          <tr>
            {bulkFormId ? (
              <th scope="col">
                <span className="visually-hidden">Select</span>
              </th>
            ) : null}
            {view.columns.map((column) => (
              <th
                key={column.name}
                scope="col"
                aria-sort={column.sorted === 'asc' ? 'ascending' : column.sorted === 'desc' ? 'descending' : undefined}
              >
                {column.sortHref ? (
                  <a href={column.sortHref}>
                    {column.label}
                    {column.sorted ? <span aria-hidden="true">{column.sorted === 'asc' ? ' ▲' : ' ▼'}</span> : null}
                  </a>
                ) : (
                  column.label
                )}
              </th>
            ))}
            {view.actionsColumn === false ? null : <th scope="col">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {view.rows.map((row) => (
            <tr key={row.id}>
              {bulkFormId ? (
                <td>
                  <input
                    type="checkbox"
                    name="id"
                    value={row.id}
                    form={bulkFormId}
                    aria-label={`Select ${row.title}`}
                  />
                </td>
              ) : null}
              {row.cells.map((cell, index) => (
                <td key={view.columns[index]?.name ?? index}>
                  <Cell cell={cell} />
                </td>
              ))}
              {view.actionsColumn === false ? null : (
                <td>
                  <ul className="admin-row-actions">
                    {row.editHref ? (
                      <li>
                        <a href={row.editHref} aria-label={`Edit ${row.title}`}>
                          Edit
                        </a>
                      </li>
                    ) : null}
                    {row.deleteHref ? (
                      <li>
                        <a href={row.deleteHref} aria-label={`Delete ${row.title}`}>
                          Delete
                        </a>
                      </li>
                    ) : null}
                    {csrfToken
                      ? (row.postActions ?? []).map((action) => (
                          <li key={action.action}>
                            <form method="post" action={action.action} className="admin-inline-form">
                              <CsrfField token={csrfToken} />
                              {Object.entries(action.fields).map(([name, value]) => (
                                <input key={name} type="hidden" name={name} value={value} />
                              ))}
                              <button
                                type="submit"
                                className="admin-button admin-button--secondary"
                                aria-label={action.ariaLabel}
                              >
                                {action.label}
                              </button>
                            </form>
                          </li>
                        ))
                      : null}
                  </ul>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The sentence under the heading: text, and links where it names another screen. */
function Intro({ intro }: { intro: ListIntro }) {
  if (typeof intro === 'string') return intro;
  return intro.map((piece, index) =>
    typeof piece === 'string' ? (
      piece
    ) : (
      <a key={index} href={piece.href}>
        {piece.text}
      </a>
    ),
  );
}

/** A table cell: its text (a link when it has one), or the markup the column declares. */
function Cell({ cell }: { cell: CellView }) {
  const { markup } = cell;
  if (markup?.kind === 'titled')
    return (
      <>
        <strong>{cell.href ? <a href={cell.href}>{markup.title}</a> : markup.title}</strong>
        <span className="admin-table__children">{markup.detail}</span>
      </>
    );
  if (markup?.kind === 'code') return <code>{cell.text}</code>;
  if (markup?.kind === 'links')
    return (
      <ul className="admin-plain-list">
        {markup.items.map((item) => (
          <li key={`${item.label}${item.note ?? ''}${item.href ?? ''}`}>
            {item.href ? <a href={item.href}>{item.label}</a> : item.label}
            {item.note ? <span className="admin-muted">{` (${item.note})`}</span> : null}
          </li>
        ))}
        {markup.more > 0 ? <li>{`and ${markup.more} more`}</li> : null}
      </ul>
    );
  return cell.href ? <a href={cell.href}>{cell.text || '(blank)'}</a> : cell.text;
}

/** The box a grid thumbnail is drawn in: the rendition's size (320 wide at most, never enlarged). */
function thumbnailSize(thumbnail: { width: number; height: number }) {
  const width = Math.min(320, thumbnail.width);
  return { width, height: Math.max(1, Math.round((thumbnail.height * width) / thumbnail.width)) };
}

/**
 * The rows as cards with thumbnails (Wagtail's image listing): the picture and title link to the
 * edit screen, the other columns are the card's lines, and the sortable columns become sort links
 * (a grid has no column headers). Selection and Delete work as in the table.
 */
function ListGrid({ view, heading, bulkFormId }: LayoutProps) {
  const sortable = view.columns.filter((column) => column.sortHref);
  // The column that names the row (linked to the edit screen) is the card's title.
  const titleIndex = Math.max(
    0,
    view.columns.findIndex((column) => column.linksToEdit),
  );
  return (
    <>
      {sortable.length ? (
        <nav aria-label={`Sort ${view.names.plural}`} className="admin-grid-sort">
          <span className="admin-grid-sort__label">Sort by</span>
          <ul>
            {sortable.map((column) => (
              <li key={column.name}>
                <a href={column.sortHref} aria-current={column.sorted ? 'true' : undefined}>
                  {column.label}
                  {column.sorted ? (
                    <>
                      <span aria-hidden="true">{column.sorted === 'asc' ? ' ▲' : ' ▼'}</span>
                      <span className="visually-hidden">
                        {column.sorted === 'asc' ? ' (sorted ascending)' : ' (sorted descending)'}
                      </span>
                    </>
                  ) : null}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <ul className="admin-media-grid" aria-label={heading}>
        {view.rows.map((row) => {
          const size = row.thumbnail ? thumbnailSize(row.thumbnail) : undefined;
          const picture =
            row.thumbnail && size ? (
              <span className="admin-media-card__frame">
                <img src={row.thumbnail.src} alt="" width={size.width} height={size.height} loading="lazy" />
              </span>
            ) : null;
          return (
            <li key={row.id} className="admin-media-card" data-row-id={row.id}>
              {row.editHref ? (
                <a href={row.editHref} className="admin-media-card__link">
                  {picture}
                  <span className="admin-media-card__title">{row.title || '(blank)'}</span>
                </a>
              ) : (
                <>
                  {picture}
                  <span className="admin-media-card__title">{row.title || '(blank)'}</span>
                </>
              )}
              <dl className="admin-media-card__details">
                {row.cells.map((cell, index) =>
                  index === titleIndex || !cell.text ? null : (
                    <div key={view.columns[index]?.name ?? index}>
                      <dt className="visually-hidden">{view.columns[index]?.label}</dt>
                      <dd>{cell.href ? <a href={cell.href}>{cell.text}</a> : cell.text}</dd>
                    </div>
                  ),
                )}
              </dl>
              {bulkFormId || row.deleteHref ? (
                <div className="admin-media-card__actions">
                  {bulkFormId ? (
                    <label className="admin-media-card__select">
                      <input type="checkbox" name="id" value={row.id} form={bulkFormId} />
                      <span className="visually-hidden">{`Select ${row.title}`}</span>
                    </label>
                  ) : null}
                  {row.deleteHref ? (
                    <a href={row.deleteHref} aria-label={`Delete ${row.title}`}>
                      Delete
                    </a>
                  ) : null}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </>
  );
}
