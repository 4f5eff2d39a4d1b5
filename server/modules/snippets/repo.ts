import { sql } from 'kysely';
import { jsonb, type Db } from '../../db';
import type { ListQuery } from '../../listing/list-query';
import { pageOfRows } from '../../listing/rows-repo';
import type { SnippetChrome, SnippetCountry, SnippetToolbox } from './table';

// Countries

export type CountryListing = SnippetCountry & { site_hostname: string | null; root_title: string | null };
export type CountryValues = {
  iso_code: string;
  language_code: string;
  printable_name: string;
  site_id: number | null;
  root_page_id: number | null;
};

const countryListing = (db: Db) =>
  db
    .selectFrom('snippet_countries as c')
    .leftJoin('sites as s', 's.id', 'c.site_id')
    .leftJoin('pages as p', 'p.id', 'c.root_page_id')
    .selectAll('c')
    .select(['s.hostname as site_hostname', 'p.title as root_title']);

export function listCountries(db: Db, query: ListQuery): Promise<{ rows: CountryListing[]; total: number }> {
  let base = countryListing(db);
  if (query.filters.language) base = base.where('c.language_code', '=', query.filters.language);
  if (query.filters.site) base = base.where('c.site_id', '=', Number(query.filters.site));
  return pageOfRows(base, query, {
    search: ['c.printable_name', 'c.iso_code'],
    sort: {
      printable_name: 'c.printable_name',
      iso_code: 'c.iso_code',
      language: 'c.language_code',
      site: 's.hostname',
    },
    id: 'c.id',
  });
}

export function findCountry(db: Db, id: number, options: { lock?: boolean } = {}): Promise<CountryListing | undefined> {
  const query = countryListing(db).where('c.id', '=', id);
  return (options.lock ? query.forUpdate('c') : query).executeTakeFirst();
}

export function findCountryByKey(db: Db, isoCode: string, languageCode: string): Promise<SnippetCountry | undefined> {
  return db
    .selectFrom('snippet_countries')
    .selectAll()
    .where('iso_code', '=', isoCode)
    .where('language_code', '=', languageCode)
    .executeTakeFirst();
}

export function insertCountry(db: Db, values: CountryValues): Promise<SnippetCountry> {
  return db.insertInto('snippet_countries').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateCountry(db: Db, id: number, values: CountryValues): Promise<void> {
  await db
    .updateTable('snippet_countries')
    .set({ ...values, version: sql`version + 1`, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteCountries(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('snippet_countries').where('id', 'in', ids).execute();
}

/** Every country with its root page's tree position (the public site's region switcher and names). */
export function allCountries(db: Db) {
  return db
    .selectFrom('snippet_countries as c')
    .leftJoin('pages as p', 'p.id', 'c.root_page_id')
    .select([
      'c.id',
      'c.iso_code',
      'c.language_code',
      'c.printable_name',
      'c.site_id',
      'c.root_page_id',
      'p.url_path as root_url_path',
      'p.live as root_live',
    ])
    .orderBy('c.iso_code')
    .orderBy('c.id')
    .execute();
}

// Header menus and footers: the same shape in two tables.

export type ChromeTable = 'snippet_navigation' | 'snippet_footers';
export type ChromeListing = SnippetChrome & { site_hostname: string; site_name: string };

const chromeListing = (db: Db, table: ChromeTable) =>
  db
    .selectFrom(`${table} as n`)
    .innerJoin('sites as s', 's.id', 'n.site_id')
    .selectAll('n')
    .select(['s.hostname as site_hostname', 's.site_name as site_name']);

export function listChrome(
  db: Db,
  table: ChromeTable,
  query: ListQuery,
): Promise<{ rows: ChromeListing[]; total: number }> {
  let base = chromeListing(db, table);
  if (query.filters.language) base = base.where('n.language_code', '=', query.filters.language);
  if (query.filters.site) base = base.where('n.site_id', '=', Number(query.filters.site));
  return pageOfRows(base, query, {
    search: ['s.hostname', 's.site_name', 'n.language_code'],
    sort: { site: 's.hostname', language: 'n.language_code', updated_at: 'n.updated_at' },
    id: 'n.id',
  });
}

export function findChrome(
  db: Db,
  table: ChromeTable,
  id: number,
  options: { lock?: boolean } = {},
): Promise<ChromeListing | undefined> {
  const query = chromeListing(db, table).where('n.id', '=', id);
  return (options.lock ? query.forUpdate('n') : query).executeTakeFirst();
}

export function findChromeBySite(
  db: Db,
  table: ChromeTable,
  siteId: number,
  languageCode: string,
): Promise<SnippetChrome | undefined> {
  return db
    .selectFrom(table)
    .selectAll()
    .where('site_id', '=', siteId)
    .where('language_code', '=', languageCode)
    .executeTakeFirst();
}

/** Every published row (the public cache loads them all: a few per site). */
export function allChrome(db: Db, table: ChromeTable): Promise<SnippetChrome[]> {
  return db.selectFrom(table).selectAll().orderBy('id').execute();
}

export function insertChrome(
  db: Db,
  table: ChromeTable,
  values: { site_id: number; language_code: string; content: unknown },
): Promise<SnippetChrome> {
  return db
    .insertInto(table)
    .values({ ...values, content: jsonb(values.content) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Publishes: the content, its site and language, and a new version. */
export async function updateChrome(
  db: Db,
  table: ChromeTable,
  id: number,
  values: { site_id: number; language_code: string; content: unknown },
): Promise<void> {
  await db
    .updateTable(table)
    .set({ ...values, content: jsonb(values.content), version: sql`version + 1`, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** A draft was saved: the version only. */
export async function touchChrome(db: Db, table: ChromeTable, id: number): Promise<void> {
  await db
    .updateTable(table)
    .set({ version: sql`version + 1` })
    .where('id', '=', id)
    .execute();
}

export async function upsertChrome(
  db: Db,
  table: ChromeTable,
  values: { site_id: number; language_code: string; content: unknown },
): Promise<void> {
  await db
    .insertInto(table)
    .values({ ...values, content: jsonb(values.content) })
    .onConflict((oc) =>
      oc.columns(['site_id', 'language_code']).doUpdateSet({
        content: jsonb(values.content),
        version: sql`${sql.ref(`${table}.version`)} + 1`,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

export async function deleteChrome(db: Db, table: ChromeTable, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom(table).where('id', 'in', ids).execute();
}

// Toolboxes

export function listToolboxes(db: Db, query: ListQuery): Promise<{ rows: SnippetToolbox[]; total: number }> {
  return pageOfRows(db.selectFrom('snippet_toolboxes as t').selectAll('t'), query, {
    search: ['t.name'],
    sort: { name: 't.name', updated_at: 't.updated_at' },
    id: 't.id',
  });
}

export function findToolbox(db: Db, id: number, options: { lock?: boolean } = {}): Promise<SnippetToolbox | undefined> {
  const query = db.selectFrom('snippet_toolboxes').selectAll().where('id', '=', id);
  return (options.lock ? query.forUpdate() : query).executeTakeFirst();
}

export function findToolboxByName(db: Db, name: string): Promise<SnippetToolbox | undefined> {
  return db
    .selectFrom('snippet_toolboxes')
    .selectAll()
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

export function findToolboxes(db: Db, ids: number[]): Promise<SnippetToolbox[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('snippet_toolboxes').selectAll().where('id', 'in', ids).execute();
}

export function insertToolbox(db: Db, values: { name: string; blocks: unknown }): Promise<SnippetToolbox> {
  return db
    .insertInto('snippet_toolboxes')
    .values({ name: values.name, blocks: jsonb(values.blocks) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateToolbox(db: Db, id: number, values: { name: string; blocks: unknown }): Promise<void> {
  await db
    .updateTable('snippet_toolboxes')
    .set({ name: values.name, blocks: jsonb(values.blocks), version: sql`version + 1`, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteToolboxes(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('snippet_toolboxes').where('id', 'in', ids).execute();
}

export async function countSnippets(
  db: Db,
): Promise<{ countries: number; navigation: number; footers: number; toolboxes: number }> {
  const count = async (table: 'snippet_countries' | 'snippet_navigation' | 'snippet_footers' | 'snippet_toolboxes') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    countries: await count('snippet_countries'),
    navigation: await count('snippet_navigation'),
    footers: await count('snippet_footers'),
    toolboxes: await count('snippet_toolboxes'),
  };
}

/**
 * NOTIFY inside a transaction: PostgreSQL (and PGlite) deliver it when the transaction commits and
 * drop it when it rolls back, so every process hears a change only once it is visible.
 */
export async function notifyOnCommit(trx: Db, channel: string): Promise<void> {
  await sql`select pg_notify(${channel}, '')`.execute(trx);
}
