import type { EmbedsView } from '../../shared/admin/embeds';
import { ListingTable } from './ListingTable';

/** /wagtail/embeds/: every embed the content uses, resolved offline, with where it is used. */
export function EmbedsScreen({ view }: { view: EmbedsView }) {
  return (
    <>
      <div className="admin-heading">
        <h1>Embeds</h1>
      </div>
      <p className="admin-muted">
        {`Video and social embeds found in the content. Known providers: ${view.providers.join(', ')}; an allowed host that none of them knows is framed as given. Which hosts are allowed is set per site in `}
        <a href="/wagtail/settings/">Settings</a>.
      </p>
      <ListingTable
        caption="Embeds used by the content"
        rows={view.items}
        rowKey={(item) => item.url}
        empty="No content uses an embed."
        columns={[
          {
            header: 'Embed',
            cell: (item) => (
              <>
                <strong>{item.title}</strong>
                <span className="admin-table__children">{item.url}</span>
              </>
            ),
          },
          { header: 'Provider', cell: (item) => item.providerName },
          { header: 'Iframe address', cell: (item) => <code>{item.embedUrl}</code> },
          {
            header: 'Allowed on',
            cell: (item) => (item.allowedOn.length ? item.allowedOn.join(', ') : 'No site: blocked'),
          },
          {
            header: 'Used by',
            cell: (item) => (
              <ul className="admin-plain-list">
                {item.usedBy.map((use) => (
                  <li key={`${use.label}${use.where}${use.href ?? ''}`}>
                    {use.href ? <a href={use.href}>{use.label}</a> : use.label}
                    {use.where ? <span className="admin-muted">{` (${use.where})`}</span> : null}
                  </li>
                ))}
                {item.more > 0 ? <li>{`and ${item.more} more`}</li> : null}
              </ul>
            ),
          },
        ]}
      />
    </>
  );
}
