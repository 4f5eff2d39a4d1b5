import { sql, type Kysely } from 'kysely';

/**
 * Collection privacy (Wagtail's CollectionViewRestriction): at most one restriction per
 * collection, covering the collection and its descendants; the documents filed there are served
 * only to visitors it lets in. Same shape as page_view_restrictions. Frozen once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('collection_view_restrictions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('collection_id', 'integer', (c) => c.notNull().unique().references('collections.id').onDelete('cascade'))
    .addColumn('restriction_type', 'text', (c) =>
      c.notNull().check(sql`restriction_type in ('password', 'login', 'groups')`),
    )
    // Only for 'password' restrictions.
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('collection_view_restriction_groups')
    .addColumn('restriction_id', 'integer', (c) =>
      c.notNull().references('collection_view_restrictions.id').onDelete('cascade'),
    )
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('collection_view_restriction_groups_pkey', ['restriction_id', 'group_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('collection_view_restriction_groups').execute();
  await db.schema.dropTable('collection_view_restrictions').execute();
}
