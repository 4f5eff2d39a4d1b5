import type { ExplorerRow } from '../../server/modules/admin/explorer-service';
import { formatDateTime } from './format';
import { StatusTag } from './StatusTag';

/** Pages as a table: title (to the editor), type, status and last update; child pages one click away. */
export function PageTable({ rows, caption }: { rows: ExplorerRow[]; caption: string }) {
  return (
    <table className="admin-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Title</th>
          <th scope="col">Type</th>
          <th scope="col">Status</th>
          <th scope="col">Updated</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td>
              {row.canEdit ? (
                <a className="admin-table__title" href={`/wagtail/pages/${row.id}/edit/`}>
                  {row.title}
                </a>
              ) : (
                <span className="admin-table__title">{row.title}</span>
              )}
              {row.childCount > 0 ? (
                <a className="admin-table__children" href={`/wagtail/pages/${row.id}/`}>
                  {row.childCount === 1 ? '1 child page' : `${row.childCount} child pages`}
                  <span className="visually-hidden"> of {row.title}</span>
                </a>
              ) : null}
            </td>
            <td>{row.typeLabel}</td>
            <td>
              <StatusTag status={row.status} />
            </td>
            <td>
              <time dateTime={row.updatedAt}>{formatDateTime(row.updatedAt)}</time>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
