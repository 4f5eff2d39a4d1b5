import type { Db } from '../db';
import { initialiseSiteSettings } from '../modules/site-settings/service';
import { listSites } from '../modules/sites/repo';

/** Every demo site starts with the new header on; the other settings fall back to the environment. */
export async function seedSiteSettings(db: Db): Promise<void> {
  for (const site of await listSites(db)) await initialiseSiteSettings(db, site.id, { new_header: true });
}
