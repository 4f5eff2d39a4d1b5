import type { ExplorerView } from '../../server/modules/admin/explorer-service';
import { PageTable } from './PageTable';

/** /wagtail/pages/{id}/: where the page sits, and its children one window at a time. */
export function ExplorerScreen({ view }: { view: ExplorerView }) {
  const { page, breadcrumbs, rows, pagination } = view;
  const base = page.isRoot ? '/wagtail/pages/' : `/wagtail/pages/${page.id}/`;
  const pageLink = (n: number) => (n === 1 ? base : `${base}?p=${n}`);
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
      {rows.length ? (
        <PageTable rows={rows} caption={`Child pages of ${page.title}`} />
      ) : (
        <p className="admin-empty">No pages have been created at this location.</p>
      )}
      {pagination.pageCount > 1 ? (
        <nav aria-label="Pagination" className="admin-pagination">
          {pagination.page > 1 ? <a href={pageLink(pagination.page - 1)}>Previous</a> : null}
          <span aria-current="page">
            {`Page ${pagination.page} of ${pagination.pageCount}`}
          </span>
          {pagination.page < pagination.pageCount ? <a href={pageLink(pagination.page + 1)}>Next</a> : null}
        </nav>
      ) : null}
    </>
  );
}
