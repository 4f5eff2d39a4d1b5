import type { EmbedsView } from '../../../../shared/admin/embeds';
import { KNOWN_PROVIDERS } from '../../../../shared/embeds/providers';
import { embedsOverview } from '../../embeds/service';
import { EMBED_MODEL } from '../../references/service';
import { SITE_SETTINGS_MODEL } from '../../site-settings/service';
import { defineListViewSet } from '../viewsets/list-only';

type EmbedRow = EmbedsView['items'][number];

const [app, model] = EMBED_MODEL.split('.') as [string, string];

/**
 * /wagtail/embeds/ (Wagtail's embeds listing): every embed the content uses, resolved offline,
 * the sites whose allow-list lets it show and where it is used. A list and nothing else, open to
 * whoever may change the site settings, where the embed allow-list is kept (the list names pages
 * of every section).
 */
export const embedsViewSet = defineListViewSet<EmbedRow>({
  app,
  model,
  names: { name: 'embed', plural: 'embeds' },
  base: 'embeds',
  menu: { label: 'Embeds', order: 890 },
  permissionModel: SITE_SETTINGS_MODEL,
  permissions: { list: 'change' },
  intro: [
    `Video and social embeds found in the content. Known providers: ${KNOWN_PROVIDERS.join(', ')}; an allowed host that none of them knows is framed as given. Which hosts are allowed is set per site in `,
    { text: 'Settings', href: '/wagtail/settings/' },
    '.',
  ],
  emptyText: 'No content uses an embed.',
  title: (row) => row.title,
  columns: [
    {
      name: 'embed',
      label: 'Embed',
      value: (row) => `${row.title} ${row.url}`,
      markup: (row) => ({ kind: 'titled', title: row.title, detail: row.url }),
    },
    { name: 'provider', label: 'Provider', sortable: true, value: (row) => row.providerName },
    { name: 'embed_url', label: 'Iframe address', value: (row) => row.embedUrl, markup: () => ({ kind: 'code' }) },
    {
      name: 'allowed_on',
      label: 'Allowed on',
      value: (row) => (row.allowedOn.length ? row.allowedOn.join(', ') : 'No site: blocked'),
    },
    {
      name: 'used_by',
      label: 'Used by',
      value: (row) => row.usedBy.map((use) => use.label).join(', '),
      markup: (row) => ({
        kind: 'links',
        items: row.usedBy.map((use) => ({ label: use.label, href: use.href, note: use.where || undefined })),
        more: row.more,
      }),
    },
  ],
  defaultOrder: 'provider',
  store: {
    // Provider order (then URL) is the only order; only this page's embeds are looked up in detail.
    list: async (db, query) => {
      const page = { limit: query.limit, offset: query.offset, desc: query.order.desc };
      const { items, total } = await embedsOverview(db, page);
      return { rows: items, total };
    },
  },
});
