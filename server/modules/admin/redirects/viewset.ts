import type { Db } from '../../../db';
import { redirectFormSchema, type RedirectInput } from '../../../../shared/schemas/redirects';
import {
  createRedirect,
  deleteRedirects,
  findRedirect,
  listRedirects,
  updateRedirect,
  type RedirectListing,
} from '../../redirects/service';
import { listAllSites } from '../../site-management/service';
import { defineViewSet } from '../viewsets/definition';
import { MODEL_PERMISSION_POLICY } from '../viewsets/permission-policy';
import { formatAdminTime } from '../../../../shared/admin/admin-clock';

const siteChoices = async (db: Db) =>
  (await listAllSites(db)).map((site) => ({ value: String(site.id), label: site.site_name || site.hostname }));

const targetText = (row: RedirectListing) =>
  row.redirect_link ??
  (row.page_title !== null
    ? `${row.page_title} (page ${row.redirect_page_id})`
    : `page ${row.redirect_page_id ?? '?'}`);

/** /wagtail/redirects/ (Wagtail's redirects app): add/, {pk}/, delete/{pk}/, history/{pk}/, and import/ beside it. */
export const redirectsViewSet = defineViewSet<RedirectListing, RedirectInput>({
  app: 'wagtailredirects',
  model: 'redirect',
  names: { name: 'redirect', plural: 'redirects' },
  base: 'redirects',
  permissions: MODEL_PERMISSION_POLICY,
  paths: { edit: ':pk/' },
  menu: { label: 'Redirects', order: 300 },
  schema: redirectFormSchema,
  fields: [
    {
      name: 'old_path',
      label: 'Redirect from',
      required: true,
      help: 'The old address: a path such as /old-menu/ or a full web address. It is stored lower-case, without the host.',
    },
    {
      name: 'site',
      label: 'Site',
      widget: 'select',
      loadChoices: async (db) => [{ value: '', label: 'All sites' }, ...(await siteChoices(db))],
    },
    {
      name: 'match_query_string',
      label: 'Match the query string',
      widget: 'checkbox',
      help: 'Ticked: only this exact query string (in any order) is redirected. Unticked: the query string is ignored.',
    },
    {
      name: 'redirect_page',
      label: 'Redirect to a page',
      widget: 'page_chooser',
      help: 'The page’s id, or its path on the site (such as /menu/). The redirect follows the page when it moves.',
    },
    {
      name: 'redirect_link',
      label: 'Redirect to any URL',
      inputType: 'url',
      help: 'A web address, or a path on the site. Leave empty when redirecting to a page.',
    },
    {
      name: 'is_permanent',
      label: 'Type',
      widget: 'select',
      choices: [
        { value: 'permanent', label: 'Permanent (301)' },
        { value: 'temporary', label: 'Temporary (302)' },
      ],
      help: 'Permanent redirects tell search engines to forget the old address.',
    },
  ],
  initialValues: {
    old_path: '',
    site: '',
    match_query_string: '',
    redirect_page: '',
    redirect_link: '',
    is_permanent: 'permanent',
  },
  formValues: (row) => ({
    old_path: row.old_path,
    site: row.site_id === null ? '' : String(row.site_id),
    match_query_string: row.match_query_string ? 'on' : '',
    redirect_page: row.redirect_page_id === null ? '' : String(row.redirect_page_id),
    redirect_link: row.redirect_link ?? '',
    is_permanent: row.is_permanent ? 'permanent' : 'temporary',
  }),
  title: (row) => row.old_path,
  columns: [
    { name: 'old_path', label: 'From', sortable: true, linksToEdit: true, value: (row) => row.old_path },
    { name: 'site', label: 'Site', sortable: true, value: (row) => row.site_hostname ?? 'All sites' },
    { name: 'target', label: 'To', sortable: true, value: targetText },
    {
      name: 'is_permanent',
      label: 'Type',
      sortable: true,
      value: (row) => (row.is_permanent ? 'Permanent (301)' : 'Temporary (302)'),
    },
    { name: 'origin', label: 'Origin', value: (row) => (row.automatically_created ? 'Page move' : 'Added by staff') },
    {
      name: 'updated_at',
      label: 'Updated',
      sortable: true,
      value: (row) => formatAdminTime(row.updated_at),
    },
  ],
  search: { placeholder: 'Old path, link or page title' },
  filters: [
    {
      name: 'site',
      label: 'Site',
      choices: async (db) => [
        { value: '', label: 'Any site' },
        { value: 'all', label: 'All sites only' },
        ...(await siteChoices(db)),
      ],
    },
    {
      name: 'is_permanent',
      label: 'Type',
      choices: async () => [
        { value: '', label: 'Any type' },
        { value: 'permanent', label: 'Permanent (301)' },
        { value: 'temporary', label: 'Temporary (302)' },
      ],
    },
    {
      name: 'origin',
      label: 'Origin',
      choices: async () => [
        { value: '', label: 'Any origin' },
        { value: 'automatic', label: 'Page move' },
        { value: 'manual', label: 'Added by staff' },
      ],
    },
  ],
  defaultOrder: 'old_path',
  store: {
    list: listRedirects,
    get: (db, id, options) => findRedirect(db, id, options),
    create: (db, input) => createRedirect(db, input),
    update: (db, row, input) => updateRedirect(db, row, input),
    remove: ({ db }, rows) => deleteRedirects(db, rows),
  },
  listActions: [{ label: 'Import redirects', href: '/wagtail/redirects/import/', permission: 'add' }],
});
