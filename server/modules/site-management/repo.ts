import type { Db } from '../../db';
import type { Site } from '../sites/table';
import type { ListQuery } from '../../listing/list-query';
import { pageOfRows } from '../../listing/rows-repo';

export type SiteListing = Site & { root_title: string };

/** The sites list's columns: the site and its root page's title. */
function siteListing(db: Db) {
  return db
    .selectFrom('sites as s')
    .innerJoin('pages as p', 'p.id', 's.root_page_id')
    .selectAll('s')
    .select('p.title as root_title');
}

/** One page of the back-office sites list, searched by host or name. */
export function listSitesPage(db: Db, query: ListQuery): Promise<{ rows: SiteListing[]; total: number }> {
  return pageOfRows(siteListing(db), query, {
    search: ['s.hostname', 's.site_name'],
    sort: {
      hostname: 's.hostname',
      site_name: 's.site_name',
      root_title: 'p.title',
      is_default_site: 's.is_default_site',
    },
    id: 's.id',
  });
}

export function findSiteListing(db: Db, id: number): Promise<SiteListing | undefined> {
  return siteListing(db).where('s.id', '=', id).executeTakeFirst();
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
