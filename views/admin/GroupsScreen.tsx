import { FlashMessage } from './FormFields';
import { ListingHeading, ListingTable } from './ListingTable';

export type GroupRow = { id: number; name: string; canAccessAdmin: boolean; memberCount: number };

/** /wagtail/groups/: every group with its admin access and how many users are in it. */
export function GroupsScreen({ rows, message }: { rows: GroupRow[]; message?: string }) {
  return (
    <>
      <ListingHeading title="Groups" addHref="/wagtail/groups/add/" addLabel="Add a group" />
      <FlashMessage message={message} />
      <ListingTable
        caption="Groups"
        rows={rows}
        rowKey={(row) => row.id}
        empty="There are no groups."
        columns={[
          {
            header: 'Name',
            cell: (row) => (
              <a className="admin-table__title" href={`/wagtail/groups/${row.id}/`}>
                {row.name}
              </a>
            ),
          },
          { header: 'Admin access', cell: (row) => (row.canAccessAdmin ? 'Yes' : 'No') },
          { header: 'Users', cell: (row) => row.memberCount },
        ]}
      />
    </>
  );
}
