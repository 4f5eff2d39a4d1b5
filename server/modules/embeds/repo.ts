import { sql } from 'kysely';
import type { Db } from '../../db';
import type { Embed } from './table';

export type EmbedValues = { url: string; provider_name: string; embed_url: string; title: string; type: string };

/** Records embeds by URL; a URL already known gets the newest resolution and title. */
export async function upsertEmbeds(db: Db, embeds: readonly EmbedValues[]): Promise<void> {
  if (embeds.length === 0) return;
  await db
    .insertInto('embeds')
    .values(embeds.map((embed) => ({ ...embed, updated_at: new Date() })))
    .onConflict((oc) =>
      oc.column('url').doUpdateSet((eb) => ({
        provider_name: eb.ref('excluded.provider_name'),
        embed_url: eb.ref('excluded.embed_url'),
        title: eb.ref('excluded.title'),
        type: eb.ref('excluded.type'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

export function findEmbedsByUrl(db: Db, urls: readonly string[]): Promise<Embed[]> {
  if (urls.length === 0) return Promise.resolve([]);
  return db.selectFrom('embeds').selectAll().where('url', 'in', urls).execute();
}

export function findEmbed(db: Db, id: number): Promise<Embed | undefined> {
  return db.selectFrom('embeds').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The site whose tree holds a tree path: the site whose root page (or a translation of it) is the
 * deepest ancestor-or-self of the path. Undefined outside every site.
 */
export async function siteIdHoldingPath(db: Db, path: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('sites as s')
    .innerJoin('pages as r', 'r.id', 's.root_page_id')
    .innerJoin('pages as t', 't.translation_key', 'r.translation_key')
    .select(['s.id'])
    .where(sql<boolean>`${path} like t.path || '%'`)
    .orderBy(sql`length(t.path)`, 'desc')
    .orderBy('s.id')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

export type EmbedListRow = Embed;

/** Every recorded embed, by URL (the embeds screen pairs them with the index's counts). */
export function listEmbeds(db: Db): Promise<Embed[]> {
  return db.selectFrom('embeds').selectAll().orderBy('provider_name').orderBy('url').execute();
}
