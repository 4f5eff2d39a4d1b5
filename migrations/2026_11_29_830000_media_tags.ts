import { sql, type Kysely } from 'kysely';

/**
 * Tags on images and documents (Wagtail's taggit): one table of tags, matched case-insensitively
 * by `key`, and a join table per library so that deleting an image, a document or a tag cascades.
 * Frozen once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tags')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) between 1 and 100`))
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .execute();
  for (const [table, column, target] of [
    ['image_tags', 'image_id', 'images.id'],
    ['document_tags', 'document_id', 'documents.id'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn(column, 'integer', (c) => c.notNull().references(target).onDelete('cascade'))
      .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint(`${table}_pkey`, [column, 'tag_id'])
      .execute();
    await db.schema.createIndex(`${table}_tag_id_idx`).on(table).column('tag_id').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('document_tags').execute();
  await db.schema.dropTable('image_tags').execute();
  await db.schema.dropTable('tags').execute();
}
