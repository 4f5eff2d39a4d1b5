import { sql, type Kysely } from 'kysely';

/**
 * Page privacy (Wagtail's PageViewRestriction): at most one restriction per page, which covers
 * the page and its whole subtree. A shared password is stored as an argon2id hash; 'groups'
 * restrictions list their groups in page_view_restriction_groups. Frozen once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('page_view_restrictions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('page_id', 'integer', (c) => c.notNull().unique().references('pages.id').onDelete('cascade'))
    .addColumn('restriction_type', 'text', (c) =>
      c.notNull().check(sql`restriction_type in ('password', 'login', 'groups')`),
    )
    // Only for 'password' restrictions.
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('page_view_restriction_groups')
    .addColumn('restriction_id', 'integer', (c) =>
      c.notNull().references('page_view_restrictions.id').onDelete('cascade'),
    )
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('page_view_restriction_groups_pkey', ['restriction_id', 'group_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('page_view_restriction_groups').execute();
  await db.schema.dropTable('page_view_restrictions').execute();
}
