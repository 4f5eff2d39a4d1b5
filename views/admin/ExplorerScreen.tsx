import type { ExplorerView } from '../../shared/admin/explorer';
import type { ExplorerOrdering } from '../../shared/schemas/explorer';
import { FlashMessage } from './FormFields';
import { PageMoveControls } from './PageMoveControls';
import { PageSearchForm } from './PageSearchForm';
import { PAGE_BULK_FORM, PageBulkBar } from './PageBulkBar';
import { PageFilterDrawer } from './PageFilterDrawer';
import { PageTable, type SortHeader } from './PageTable';

/** The header link of one column: first click in `first` direction, then it toggles. */
function sortHeader(
  base: string,
  current: ExplorerOrdering | undefined,
  column: string,
  first: 'ascending' | 'descending',
  filters: Array<[string, string]>,
): SortHeader {
  const state = current === column ? 'ascending' : current === `-${column}` ? 'descending' : undefined;
  const next = state ? (state === 'ascending' ? 'descending' : 'ascending') : first;
  const query = new URLSearchParams([['ordering', `${next === 'descending' ? '-' : ''}${column}`], ...filters]);
  return { href: `${base}?${query.toString()}`, current: state, next };
}

export const explorerRowId = (pageId: number) => `page-row-${pageId}`;

/** /wagtail/pages/{id}/: where the page sits, and its children one window at a time. */
export function ExplorerScreen({ view, csrfToken }: { view: ExplorerView; csrfToken: string }) {
  const { page, breadcrumbs, rows, pagination, ordering } = view;
  const base = page.isRoot ? '/wagtail/pages/' : `/wagtail/pages/${page.id}/`;
  const filterPairs = view.filters.applied;
  const pageLink = (n: number) => {
    const query = new URLSearchParams([
      ...(ordering ? [['ordering', ordering]] : []),
      ...filterPairs,
      ...(n > 1 ? [['p', String(n)]] : []),
    ]).toString();
    return query ? `${base}?${query}` : base;
  };
  const sorting = view.canReorder && ordering === 'ord';
  return (
    <>
      <nav aria-label="Breadcrumb" className="admin-breadcrumbs">
        <ol>
          {breadcrumbs.map((crumb, index) => (
            <li key={crumb.id}>
              <a href={index === 0 ? '/wagtail/pages/' : `/wagtail/pages/${crumb.id}/`}>{crumb.title}</a>
            </li>
          ))}
          <li>
            <a href={base} aria-current="page">
              {page.title}
            </a>
          </li>
        </ol>
      </nav>
      <div className="admin-heading">
        <h1>{page.title}</h1>
        {page.isRoot || !page.canEdit ? null : (
          <a className="admin-button admin-button--secondary" href={`/wagtail/pages/${page.id}/edit/`}>
            Edit<span className="visually-hidden"> {page.title}</span>
          </a>
        )}
      </div>
      <PageSearchForm query="" />
      <FlashMessage message={view.message} />
      <PageFilterDrawer filters={view.filters} action={base} keep={ordering ? [['ordering', ordering]] : []} />
      {view.canReorder && pagination.total > 1 ? (
        <div className="admin-explorer__ordering">
          {sorting ? (
            <>
              <p>Move the pages up or down to set their order in menus. The order is saved at once.</p>
              <a href={base} className="admin-button admin-button--secondary">
                Done sorting
              </a>
            </>
          ) : (
            <a href={`${base}?ordering=ord`} className="admin-button admin-button--secondary">
              Sort menu order
            </a>
          )}
        </div>
      ) : null}
      <p className="admin-muted" role="status">
        {pagination.total === 1 ? '1 page' : `${pagination.total} pages`}
        {filterPairs.length ? ' match the filters' : ''}
      </p>
      {rows.length && !sorting ? <PageBulkBar actions={view.bulkActions} next={view.selfHref} /> : null}
      {rows.length ? (
        <PageTable
          rows={rows}
          selectForm={!sorting && view.bulkActions.length ? PAGE_BULK_FORM : undefined}
          caption={`Child pages of ${page.title}${sorting ? ', in menu order' : ''}`}
          sort={{
            title: sortHeader(base, ordering, 'title', 'ascending', filterPairs),
            status: sortHeader(base, ordering, 'status', 'ascending', filterPairs),
            updated: sortHeader(base, ordering, 'latest_revision_created_at', 'descending', filterPairs),
          }}
          rowId={sorting ? (row) => explorerRowId(row.id) : undefined}
          actions={
            sorting
              ? {
                  header: 'Order',
                  cell: (row, index) => (
                    <PageMoveControls
                      pageId={row.id}
                      title={row.title}
                      position={view.offset + index}
                      siblingCount={pagination.total}
                      csrfToken={csrfToken}
                      focus={view.moved?.id === row.id ? view.moved.direction : undefined}
                    />
                  ),
                }
              : undefined
          }
        />
      ) : (
        <p className="admin-empty">
          {filterPairs.length ? 'No pages match these filters.' : 'No pages have been created at this location.'}
        </p>
      )}
      {pagination.pageCount > 1 ? (
        <nav aria-label="Pagination" className="admin-pagination">
          {pagination.page > 1 ? <a href={pageLink(pagination.page - 1)}>Previous</a> : null}
          <span aria-current="page">{`Page ${pagination.page} of ${pagination.pageCount}`}</span>
          {pagination.page < pagination.pageCount ? <a href={pageLink(pagination.page + 1)}>Next</a> : null}
        </nav>
      ) : null}
    </>
  );
}
