import { formatDateTime } from './format';
import { FlashMessage } from './FormFields';
import { ListingHeading, ListingTable } from './ListingTable';

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
  const link = (n: number) =>
    `/wagtail/users/?${new URLSearchParams({ ...(search ? { q: search } : {}), ...(n > 1 ? { p: String(n) } : {}) })}`;
  return (
    <>
      <ListingHeading title="Users" addHref="/wagtail/users/add/" addLabel="Add a user" />
      <FlashMessage message={message} />
      <form method="get" action="/wagtail/users/" role="search" className="admin-search">
        <label htmlFor="id_q">Search users</label>
        <input id="id_q" type="search" name="q" defaultValue={search} />
        <button type="submit" className="admin-button admin-button--secondary">
          Search
        </button>
      </form>
      <ListingTable
        caption="Users"
        rows={rows}
        rowKey={(row) => row.id}
        empty={search ? `Sorry, no users match "${search}".` : 'There are no users.'}
        columns={[
          {
            header: 'Name',
            cell: (row) => (
              <>
                <a className="admin-table__title" href={`/wagtail/users/${row.id}/`}>
                  {row.name || row.username}
                </a>
                <span className="admin-table__children">{row.email}</span>
              </>
            ),
          },
          { header: 'Username', cell: (row) => row.username },
          {
            header: 'Access',
            cell: (row) => (row.isSuperuser ? 'Administrator' : row.groups.join(', ') || 'No groups'),
          },
          {
            header: 'Status',
            cell: (row) => (
              <span className={`admin-status admin-status--${row.isActive ? 'live' : 'expired'}`}>
                {row.isActive ? 'active' : 'inactive'}
              </span>
            ),
          },
          {
            header: 'Last login',
            cell: (row) =>
              row.lastLogin ? <time dateTime={row.lastLogin}>{formatDateTime(row.lastLogin)}</time> : 'Never',
          },
        ]}
      />
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
