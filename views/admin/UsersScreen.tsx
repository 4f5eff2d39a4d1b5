import { formatDateTime } from './format';
import { FlashMessage } from './FormFields';

export type UserRow = {
  id: number;
  username: string;
  name: string;
  email: string;
  isSuperuser: boolean;
  isActive: boolean;
  groups: string[];
  lastLogin: string | null;
};

export type UsersScreenProps = {
  rows: UserRow[];
  search: string;
  pagination: { page: number; pageCount: number; total: number };
  message?: string;
};

/** /wagtail/users/: every staff account with its role, groups, status and last login. */
export function UsersScreen({ rows, search, pagination, message }: UsersScreenProps) {
  const link = (n: number) => `/wagtail/users/?${new URLSearchParams({ ...(search ? { q: search } : {}), ...(n > 1 ? { p: String(n) } : {}) })}`;
  return (
    <>
      <div className="admin-heading">
        <h1>Users</h1>
        <a className="admin-button admin-button--primary" href="/wagtail/users/add/">
          Add a user
        </a>
      </div>
      <FlashMessage message={message} />
      <form method="get" action="/wagtail/users/" role="search" className="admin-search">
        <label htmlFor="id_q">Search users</label>
        <input id="id_q" type="search" name="q" defaultValue={search} />
        <button type="submit" className="admin-button admin-button--secondary">
          Search
        </button>
      </form>
      <table className="admin-table">
        <caption className="visually-hidden">Users</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Username</th>
            <th scope="col">Access</th>
            <th scope="col">Status</th>
            <th scope="col">Last login</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>
                <a className="admin-table__title" href={`/wagtail/users/${row.id}/`}>
                  {row.name || row.username}
                </a>
                <span className="admin-table__children">{row.email}</span>
              </td>
              <td>{row.username}</td>
              <td>{row.isSuperuser ? 'Administrator' : row.groups.join(', ') || 'No groups'}</td>
              <td>
                <span className={`admin-status admin-status--${row.isActive ? 'live' : 'expired'}`}>{row.isActive ? 'active' : 'inactive'}</span>
              </td>
              <td>{row.lastLogin ? <time dateTime={row.lastLogin}>{formatDateTime(row.lastLogin)}</time> : 'Never'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 ? <p>{search ? `Sorry, no users match "${search}".` : 'There are no users.'}</p> : null}
      {pagination.pageCount > 1 ? (
        <nav aria-label="Pagination" className="admin-pagination">
          <p>{`Page ${pagination.page} of ${pagination.pageCount}`}</p>
          {pagination.page > 1 ? <a href={link(pagination.page - 1)}>Previous</a> : null}
          {pagination.page < pagination.pageCount ? <a href={link(pagination.page + 1)}>Next</a> : null}
        </nav>
      ) : null}
    </>
  );
}
