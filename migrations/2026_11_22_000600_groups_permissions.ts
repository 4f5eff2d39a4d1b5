import { sql, type Kysely } from 'kysely';

/**
 * Groups, membership and page permissions (Wagtail's auth.Group, user.groups and
 * GroupPagePermission), plus the admin-access flag. A permission on a page covers its whole
 * subtree. The 'Editors' and 'Moderators' groups exist from the start, as in Wagtail's initial
 * data; their page permissions are granted by the seed once the home pages exist. Frozen once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('groups')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('can_access_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable('user_groups')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_groups_pkey', ['user_id', 'group_id'])
    .execute();
  await db.schema.createIndex('user_groups_group_idx').on('user_groups').column('group_id').execute();
  await db.schema
    .createTable('group_page_permissions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('permission_type', 'text', (c) =>
      c.notNull().check(sql`permission_type in ('add', 'change', 'publish', 'bulk_delete', 'lock', 'unlock')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('group_page_permissions_unique', ['group_id', 'page_id', 'permission_type'])
    .execute();
  await db.schema
    .createIndex('group_page_permissions_page_idx')
    .on('group_page_permissions')
    .column('page_id')
    .execute();
  await db
    .insertInto('groups')
    .values([
      { name: 'Moderators', can_access_admin: true },
      { name: 'Editors', can_access_admin: true },
    ])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('group_page_permissions').execute();
  await db.schema.dropTable('user_groups').execute();
  await db.schema.dropTable('groups').execute();
}
