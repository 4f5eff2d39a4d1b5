import type { PageSearchView } from '../../shared/admin/explorer';
import type { PageFiltersView } from '../../shared/admin/page-filters';
import { FlashMessage } from './FormFields';
import { PAGE_BULK_FORM, PageBulkBar } from './PageBulkBar';
import { PageFilterDrawer } from './PageFilterDrawer';
import { PageSearchForm } from './PageSearchForm';
import { PageTable } from './PageTable';

export type PageSearchScreenProps = {
  /** Null: no search yet (no words and no filter) or words that were refused. */
  view: PageSearchView | null;
  query: string;
  error?: string;
  /** The explorer's filter drawer, applied together with the words. */
  filters: PageFiltersView;
  /** This search's URL (words, filters, page): where a bulk action comes back to. */
  selfHref: string;
  /** What the last bulk action did (post/redirect/get back to this search). */
  message?: string;
};

/** What the search found, in a sentence read out when the results arrive. */
function summary(view: PageSearchView, filtered: boolean): string {
  const total = view.pagination.total;
  if (!view.query) {
    if (total === 0) return 'No pages match these filters.';
    return `${total === 1 ? 'One page matches' : `${total} pages match`} these filters.`;
  }
  const where = filtered ? ' with these filters' : '';
  if (total === 0) return `Sorry, no pages match "${view.query}"${where}.`;
  return `There ${total === 1 ? 'is one match' : `are ${total} matches`} for "${view.query}"${where}.`;
}

/**
 * /wagtail/pages/search/: the search box, the explorer's filter drawer and chips, then the
 * matching pages with where each one sits, ticked for the bulk actions bar.
 */
export function PageSearchScreen({ view, query, error, filters, selfHref, message }: PageSearchScreenProps) {
  const keep: Array<[string, string]> = query ? [['q', query]] : [];
  const link = (n: number) =>
    `/wagtail/pages/search/?${new URLSearchParams([...keep, ...filters.applied, ...(n > 1 ? [['p', String(n)]] : [])])}`;
  const filtered = filters.applied.length > 0;
  const selectable = view && view.rows.length > 0 && view.bulkActions.length > 0;
  return (
    <>
      <div className="admin-heading">
        <h1>Search pages</h1>
      </div>
      <PageSearchForm query={query} error={error} filters={filters.applied} />
      <FlashMessage message={message} />
      <PageFilterDrawer filters={filters} action="/wagtail/pages/search/" keep={keep} />
      {view ? (
        <>
          <p role="status" className="admin-search__summary">
            {summary(view, filtered)}
          </p>
          {view.rows.length ? <PageBulkBar actions={view.bulkActions} next={selfHref} /> : null}
          {view.rows.length ? (
            <PageTable
              rows={view.rows}
              selectForm={selectable ? PAGE_BULK_FORM : undefined}
              caption={view.query ? `Pages matching "${view.query}"` : 'Pages matching the filters'}
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
          Enter a word from a page&apos;s title, slug or SEO title, or choose filters, to find pages anywhere in the
          tree.
        </p>
      )}
    </>
  );
}
