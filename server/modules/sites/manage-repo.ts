import type { Db } from '../../db';
import type { Site } from './table';

export type SiteListing = Site & { root_title: string };

export function listSitesWithRoot(db: Db): Promise<SiteListing[]> {
  return db
    .selectFrom('sites as s')
    .innerJoin('pages as p', 'p.id', 's.root_page_id')
    .selectAll('s')
    .select('p.title as root_title')
    .orderBy('s.hostname')
    .orderBy('s.port')
    .execute();
}

export function findSiteById(db: Db, id: number): Promise<Site | undefined> {
  return db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findSiteByHostPort(db: Db, hostname: string, port: number): Promise<Site | undefined> {
  return db
    .selectFrom('sites')
    .selectAll()
    .where('hostname', '=', hostname)
    .where('port', '=', port)
    .executeTakeFirst();
}

export function findDefaultSite(db: Db): Promise<Site | undefined> {
  return db.selectFrom('sites').selectAll().where('is_default_site', '=', true).executeTakeFirst();
}

export async function updateSite(db: Db, id: number, site: Omit<Site, 'id'>): Promise<void> {
  await db.updateTable('sites').set(site).where('id', '=', id).execute();
}
