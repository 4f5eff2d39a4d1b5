import type { Db } from '../../db';
import type { Locale, Site } from './table';

/**
 * Wagtail's matching: hostname and port exactly, else the hostname alone when only one site
 * has it, else the default site. Unknown hosts therefore get the default site.
 */
export async function findSiteForHost(db: Db, hostname: string, port: number): Promise<Site | undefined> {
  const candidates = await db
    .selectFrom('sites')
    .selectAll()
    .where((eb) => eb.or([eb('hostname', '=', hostname), eb('is_default_site', '=', true)]))
    .execute();
  const sameHost = candidates.filter((site) => site.hostname === hostname);
  return (
    sameHost.find((site) => site.port === port) ??
    (sameHost.length === 1 ? sameHost[0] : undefined) ??
    candidates.find((site) => site.is_default_site)
  );
}

export function listSites(db: Db): Promise<Site[]> {
  return db.selectFrom('sites').selectAll().orderBy('id').execute();
}

export function countSites(db: Db): Promise<number> {
  return db
    .selectFrom('sites')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

export async function insertSite(db: Db, site: Omit<Site, 'id'>): Promise<Site> {
  return db.insertInto('sites').values(site).returningAll().executeTakeFirstOrThrow();
}

export function listLocales(db: Db): Promise<Locale[]> {
  return db.selectFrom('locales').selectAll().orderBy('id').execute();
}

export async function ensureLocale(db: Db, languageCode: string): Promise<Locale> {
  await db
    .insertInto('locales')
    .values({ language_code: languageCode })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return db.selectFrom('locales').selectAll().where('language_code', '=', languageCode).executeTakeFirstOrThrow();
}

/**
 * The local stack (`npm run stack`) serves the sites on `localhost` and `*.localhost` through the
 * edge's port: the page cache (and so the edge) stores only answers for a configured host and
 * port. Sites with real hostnames are left alone. Returns how many moved.
 */
export async function moveLocalSitesToPort(db: Db, port: number): Promise<number> {
  const moved = await db
    .updateTable('sites')
    .set({ port })
    .where((eb) => eb.or([eb('hostname', '=', 'localhost'), eb('hostname', 'like', '%.localhost')]))
    .where('port', '!=', port)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows);
}
