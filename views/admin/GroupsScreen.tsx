import { FlashMessage } from './FormFields';

export type GroupRow = { id: number; name: string; canAccessAdmin: boolean; memberCount: number };

/** /wagtail/groups/: every group with its admin access and how many users are in it. */
export function GroupsScreen({ rows, message }: { rows: GroupRow[]; message?: string }) {
  return (
    <>
      <div className="admin-heading">
        <h1>Groups</h1>
        <a className="admin-button admin-button--primary" href="/wagtail/groups/add/">
          Add a group
        </a>
      </div>
      <FlashMessage message={message} />
      <table className="admin-table">
        <caption className="visually-hidden">Groups</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Admin access</th>
            <th scope="col">Users</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>
                <a className="admin-table__title" href={`/wagtail/groups/${row.id}/`}>
                  {row.name}
                </a>
              </td>
              <td>{row.canAccessAdmin ? 'Yes' : 'No'}</td>
              <td>{row.memberCount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 ? <p>There are no groups.</p> : null}
    </>
  );
}
