import { sql, type Kysely } from 'kysely';

/**
 * Comments on a page's fields and blocks (Wagtail's commenting): a comment names the page and
 * where in it ('title', 'search_description', 'body.<block id>'), holds its text and author, and
 * may be resolved; replies follow it in order. Deleting the page deletes its comments; deleting a
 * user keeps their words without a name. Frozen once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('page_comments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('content_path', 'text', (c) => c.notNull().check(sql`length(content_path) between 1 and 200`))
    .addColumn('text', 'text', (c) => c.notNull().check(sql`length(text) between 1 and 5000`))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolved_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('page_comments_page_idx')
    .on('page_comments')
    .columns(['page_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('page_comment_replies')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('comment_id', 'integer', (c) => c.notNull().references('page_comments.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull().check(sql`length(text) between 1 and 5000`))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('page_comment_replies_comment_idx')
    .on('page_comment_replies')
    .columns(['comment_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('page_comment_replies').execute();
  await db.schema.dropTable('page_comments').execute();
}
