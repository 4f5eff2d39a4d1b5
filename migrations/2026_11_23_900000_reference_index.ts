import { sql, type Kysely } from 'kysely';

/**
 * Wagtail's ReferenceIndex and Embed. Frozen once landed.
 *
 * - `reference_index`: one row per thing an object references (a page's image, a snippet's page,
 *   an embed URL), keyed by the referencing object ('wagtailcore.page' 12) and the referenced
 *   one ('wagtailimages.image' 3). Ids are text so snippets, pages and embed URLs share one
 *   column. `field` is where in the object the reference sits ('body.2.value.image'). No foreign
 *   keys: either side may be any model. Filled by the services on save; existing pages are
 *   indexed by the release step that follows this migration (server/boot.ts).
 * - `embeds`: every embed URL the content uses, resolved offline to a provider, the iframe URL
 *   and a title (Wagtail's Embed, without fetching oEmbed).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reference_index')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('from_model', 'text', (c) => c.notNull())
    .addColumn('from_id', 'text', (c) => c.notNull())
    .addColumn('to_model', 'text', (c) => c.notNull())
    .addColumn('to_id', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('reference_index_unique', ['from_model', 'from_id', 'to_model', 'to_id', 'field'])
    .execute();
  await db.schema.createIndex('reference_index_to_idx').on('reference_index').columns(['to_model', 'to_id']).execute();

  await db.schema
    .createTable('embeds')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull().unique())
    .addColumn('provider_name', 'text', (c) => c.notNull())
    .addColumn('embed_url', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('video'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('embeds').execute();
  await db.schema.dropTable('reference_index').execute();
}
