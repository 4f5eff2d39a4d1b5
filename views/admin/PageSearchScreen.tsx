import type { PageSearchView } from '../../shared/admin/explorer';
import { PageSearchForm } from './PageSearchForm';
import { PageTable } from './PageTable';

export type PageSearchScreenProps = {
  /** Null: no search yet (empty query) or a query that was refused. */
  view: PageSearchView | null;
  query: string;
  error?: string;
};

/** /wagtail/pages/search/: the search box, then the matching pages with where each one sits. */
export function PageSearchScreen({ view, query, error }: PageSearchScreenProps) {
  const link = (n: number) =>
    `/wagtail/pages/search/?${new URLSearchParams({ q: query, ...(n > 1 ? { p: String(n) } : {}) })}`;
  return (
    <>
      <div className="admin-heading">
        <h1>Search pages</h1>
      </div>
      <PageSearchForm query={query} error={error} />
      {view ? (
        <>
          <p role="status" className="admin-search__summary">
            {view.pagination.total === 0
              ? `Sorry, no pages match "${view.query}".`
              : `There ${view.pagination.total === 1 ? 'is one match' : `are ${view.pagination.total} matches`} for "${view.query}".`}
          </p>
          {view.rows.length ? (
            <PageTable
              rows={view.rows}
              caption={`Pages matching "${view.query}"`}
              parentOf={(row) =>
                row.parent ? (
                  <a href={row.parent.isRoot ? '/wagtail/pages/' : `/wagtail/pages/${row.parent.id}/`}>
                    {row.parent.title}
                    <span className="visually-hidden">{` (pages under ${row.parent.title})`}</span>
                  </a>
                ) : null
              }
            />
          ) : null}
          {view.pagination.pageCount > 1 ? (
            <nav aria-label="Pagination" className="admin-pagination">
              {view.pagination.page > 1 ? <a href={link(view.pagination.page - 1)}>Previous</a> : null}
              <span aria-current="page">{`Page ${view.pagination.page} of ${view.pagination.pageCount}`}</span>
              {view.pagination.page < view.pagination.pageCount ? (
                <a href={link(view.pagination.page + 1)}>Next</a>
              ) : null}
            </nav>
          ) : null}
        </>
      ) : error ? null : (
        <p className="admin-empty">
          Enter a word from a page&apos;s title, slug or SEO title to find it anywhere in the tree.
        </p>
      )}
    </>
  );
}
