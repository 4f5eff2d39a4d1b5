import type { Db } from '../../../db';
import { notFound } from '../../../errors';
import { siteFormSchema, type SiteForm } from '../../../../shared/schemas/admin-accounts';
import { SiteFormScreen, type SiteFormValues } from '../../../../views/admin/SiteFormScreen';
import {
  createSite,
  editSite,
  getSiteListing,
  listSitesPage,
  rootPageChoices,
  type SiteListing,
} from '../../site-management/service';
import { keptText } from '../form-input';
import { defineViewSet } from '../viewsets/definition';
import { superuserPolicy } from '../viewsets/permission-policy';

const SITE_FIELDS = ['hostname', 'port', 'site_name', 'root_page', 'is_default_site'] as const;

async function siteOrNotFound(db: Db, id: number): Promise<SiteListing> {
  const site = await getSiteListing(db, id);
  if (!site) throw notFound('The site does not exist.');
  return site;
}

/**
 * /wagtail/sites/ (Wagtail's sites viewset): list, add/, {pk}/ and history/{pk}/, for superusers.
 * Sites are never deleted here (a site's pages would lose their address). The form is the
 * model's own: the root page is chosen from the upper levels of the tree, shown indented.
 */
export const sitesViewSet = defineViewSet<SiteListing, SiteForm>({
  app: 'wagtailcore',
  model: 'site',
  names: { name: 'site', plural: 'sites' },
  base: 'sites',
  paths: { edit: ':pk/' },
  permissions: superuserPolicy(['list', 'add', 'edit', 'history']),
  menu: { label: 'Sites', order: 1020 },
  title: (row) => row.site_name || row.hostname,
  columns: [
    {
      name: 'hostname',
      label: 'Site',
      sortable: true,
      linksToEdit: true,
      value: (row) => `${row.hostname}:${row.port}`,
    },
    { name: 'site_name', label: 'Site name', sortable: true, value: (row) => row.site_name },
    { name: 'root_title', label: 'Root page', sortable: true, value: (row) => row.root_title },
    {
      name: 'is_default_site',
      label: 'Default',
      sortable: true,
      value: (row) => (row.is_default_site ? 'Default' : ''),
    },
  ],
  search: { placeholder: 'Host or site name' },
  defaultOrder: 'hostname',
  bulkDelete: false,
  store: {
    list: listSitesPage,
    get: (db, id) => getSiteListing(db, id),
    create: async (db, input) => siteOrNotFound(db, (await createSite(db, input)).id),
    update: async (db, row, input) => {
      await editSite(db, row.id, input);
      return siteOrNotFound(db, row.id);
    },
  },
  customForm: {
    fieldNames: SITE_FIELDS,
    values: async (_db, row): Promise<SiteFormValues> => ({
      hostname: row?.hostname ?? '',
      port: row ? String(row.port) : '80',
      site_name: row?.site_name ?? '',
      root_page: row ? String(row.root_page_id) : '',
      is_default_site: row?.is_default_site ?? false,
    }),
    kept: async (_db, body): Promise<SiteFormValues> => ({
      ...keptText(body, ['hostname', 'port', 'site_name', 'root_page'] as const),
      is_default_site: body.is_default_site === 'on',
    }),
    parse: (body) => siteFormSchema.safeParse(body),
    render: async (db, { row, values, fieldErrors, nonFieldErrors, csrfToken, message }) => (
      <SiteFormScreen
        siteId={row?.id}
        values={values}
        pageChoices={await rootPageChoices(db)}
        fieldErrors={fieldErrors}
        nonFieldErrors={nonFieldErrors}
        csrfToken={csrfToken}
        message={message}
      />
    ),
  },
});
