import { inTransaction, type Db } from '../../db';
import { badRequest, notFound } from '../../errors';
import type { SiteForm } from '../../../shared/schemas/admin-accounts';
import { findPageById } from '../pages/repo';
import { insertSite } from './repo';
import * as repo from './manage-repo';
import type { Site } from './table';

/**
 * Wagtail's Site.clean: hostname and port together are unique, and there is exactly one default
 * site. Making a site the default is refused while another one is (as Wagtail does: the operator
 * unsets the old default first), and the default cannot be unset, only replaced.
 */
async function validate(db: Db, form: SiteForm, id: number | undefined): Promise<void> {
  const fields: Record<string, string[]> = {};
  const clash = await repo.findSiteByHostPort(db, form.hostname, form.port);
  if (clash && clash.id !== id) fields.hostname = [`${form.hostname}:${form.port} is already configured as a site.`];
  if (!(await findPageById(db, form.root_page))) fields.root_page = ['Select a valid choice. That page does not exist.'];
  const current = await repo.findDefaultSite(db);
  if (form.is_default_site && current && current.id !== id) {
    fields.is_default_site = [`${current.hostname} is already configured as the default site. You must unset that before you can save this site as default.`];
  }
  if (!form.is_default_site && (!current || current.id === id)) {
    fields.is_default_site = ['There must be one default site: make another site the default first.'];
  }
  if (Object.keys(fields).length) throw badRequest('The site could not be saved.', fields);
}

const row = (form: SiteForm): Omit<Site, 'id'> => ({
  hostname: form.hostname,
  port: form.port,
  site_name: form.site_name,
  root_page_id: form.root_page,
  is_default_site: form.is_default_site,
});

export function createSite(db: Db, form: SiteForm): Promise<Site> {
  return inTransaction(db, async (trx) => {
    await validate(trx, form, undefined);
    return insertSite(trx, row(form));
  });
}

export function editSite(db: Db, id: number, form: SiteForm): Promise<void> {
  return inTransaction(db, async (trx) => {
    if (!(await repo.findSiteById(trx, id))) throw notFound('The site does not exist.');
    await validate(trx, form, id);
    await repo.updateSite(trx, id, row(form));
  });
}
