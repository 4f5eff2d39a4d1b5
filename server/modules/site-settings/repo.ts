import { sql } from 'kysely';
import { jsonb, type Db } from '../../db';
import type { SiteSettingRow } from './table';

export function listSettings(db: Db, model: string): Promise<SiteSettingRow[]> {
  return db.selectFrom('site_settings').selectAll().where('model', '=', model).execute();
}

/** The row of one site, locked for a save (created empty first when the site has none yet). */
export async function lockSettings(db: Db, siteId: number, model: string): Promise<SiteSettingRow> {
  await db
    .insertInto('site_settings')
    .values({ site_id: siteId, model, value: jsonb({}) })
    .onConflict((oc) => oc.columns(['site_id', 'model']).doNothing())
    .execute();
  return db
    .selectFrom('site_settings')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('model', '=', model)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export function findSettings(db: Db, siteId: number, model: string): Promise<SiteSettingRow | undefined> {
  return db
    .selectFrom('site_settings')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('model', '=', model)
    .executeTakeFirst();
}

export async function writeSettings(db: Db, siteId: number, model: string, value: unknown): Promise<void> {
  await db
    .updateTable('site_settings')
    .set({ value: jsonb(value), version: sql`version + 1`, updated_at: sql`now()` })
    .where('site_id', '=', siteId)
    .where('model', '=', model)
    .execute();
}

export async function imageExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('images').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
