import { FlashMessage } from './FormFields';

export type SiteRow = { id: number; hostname: string; port: number; siteName: string; rootTitle: string; isDefault: boolean };

/** /wagtail/sites/: each site's host and port, name, root page and which one is the default. */
export function SitesScreen({ rows, message }: { rows: SiteRow[]; message?: string }) {
  return (
    <>
      <div className="admin-heading">
        <h1>Sites</h1>
        <a className="admin-button admin-button--primary" href="/wagtail/sites/add/">
          Add a site
        </a>
      </div>
      <FlashMessage message={message} />
      <table className="admin-table">
        <caption className="visually-hidden">Sites</caption>
        <thead>
          <tr>
            <th scope="col">Site</th>
            <th scope="col">Site name</th>
            <th scope="col">Root page</th>
            <th scope="col">Default</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>
                <a className="admin-table__title" href={`/wagtail/sites/${row.id}/`}>{`${row.hostname}:${row.port}`}</a>
              </td>
              <td>{row.siteName}</td>
              <td>{row.rootTitle}</td>
              <td>{row.isDefault ? 'Default' : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
