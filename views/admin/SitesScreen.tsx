import { FlashMessage } from './FormFields';
import { ListingHeading, ListingTable } from './ListingTable';

export type SiteRow = {
  id: number;
  hostname: string;
  port: number;
  siteName: string;
  rootTitle: string;
  isDefault: boolean;
};

/** /wagtail/sites/: each site's host and port, name, root page and which one is the default. */
export function SitesScreen({ rows, message }: { rows: SiteRow[]; message?: string }) {
  return (
    <>
      <ListingHeading title="Sites" addHref="/wagtail/sites/add/" addLabel="Add a site" />
      <FlashMessage message={message} />
      <ListingTable
        caption="Sites"
        rows={rows}
        rowKey={(row) => row.id}
        empty="There are no sites."
        columns={[
          {
            header: 'Site',
            cell: (row) => (
              <a className="admin-table__title" href={`/wagtail/sites/${row.id}/`}>{`${row.hostname}:${row.port}`}</a>
            ),
          },
          { header: 'Site name', cell: (row) => row.siteName },
          { header: 'Root page', cell: (row) => row.rootTitle },
          { header: 'Default', cell: (row) => (row.isDefault ? 'Default' : '') },
        ]}
      />
    </>
  );
}
