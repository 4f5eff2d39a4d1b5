import { inTransaction, type Db } from '../../db';
import { badRequest, notFound } from '../../errors';
import type { SiteForm } from '../../../shared/schemas/admin-accounts';
import type { ListQuery } from '../../listing/list-query';
import { findPageById } from '../pages/repo';
import { listPageChoices } from '../permissions/groups-repo';
import { insertSite, listSites } from '../sites/repo';
import type { Site } from '../sites/table';
import * as repo from './repo';

/**
 * The back office's site screens (Wagtail's site settings): creating, editing and listing sites
 * with their root pages. A feature, not part of `sites`: it checks and lists pages, and the page
 * tree itself builds on `sites` (a site is where a tree is served).
 */

/**
 * Wagtail's Site.clean: hostname and port together are unique, and there is exactly one default
 * site. Making a site the default is refused while another one is (as Wagtail does: the operator
 * unsets the old default first), and the default cannot be unset, only replaced.
 */
async function validate(db: Db, form: SiteForm, id: number | undefined): Promise<void> {
  const fields: Record<string, string[]> = {};
  const clash = await repo.findSiteByHostPort(db, form.hostname, form.port);
  if (clash && clash.id !== id) fields.hostname = [`${form.hostname}:${form.port} is already configured as a site.`];
  if (!(await findPageById(db, form.root_page)))
    fields.root_page = ['Select a valid choice. That page does not exist.'];
  const current = await repo.findDefaultSite(db);
  if (form.is_default_site && current && current.id !== id) {
    fields.is_default_site = [
      `${current.hostname} is already configured as the default site. You must unset that before you can save this site as default.`,
    ];
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

export type { SiteListing } from './repo';

/** One page of the sites list with each root page's title (the sites viewset's store). */
export function listSitesPage(db: Db, query: ListQuery): Promise<{ rows: repo.SiteListing[]; total: number }> {
  return repo.listSitesPage(db, query);
}

/** A site as the sites list shows it (undefined when there is none). */
export function getSiteListing(db: Db, id: number): Promise<repo.SiteListing | undefined> {
  return repo.findSiteListing(db, id);
}

/** A site by id: 404 when there is none. */
export async function getSite(db: Db, id: number): Promise<Site> {
  const site = await repo.findSiteById(db, id);
  if (!site) throw notFound('The site does not exist.');
  return site;
}

// A site's root is a home page in practice; two levels below it are offered as well.
const ROOT_CHOICE_DEPTH = 3;

/** The pages a site may have as its root: the upper tree levels without the tree root itself. */
export async function rootPageChoices(db: Db): Promise<Array<{ id: number; title: string; depth: number }>> {
  return (await listPageChoices(db, ROOT_CHOICE_DEPTH, 1000)).filter((page) => page.depth > 1);
}

/** Every site, default first (choices in back-office forms). */
export function listAllSites(db: Db): Promise<Site[]> {
  return listSites(db);
}
