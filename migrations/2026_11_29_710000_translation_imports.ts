import { sql, type Kysely } from 'kysely';

/**
 * An agency's translated file (PO or XLIFF) between its preview and its confirmation: the changes
 * it would make, kept under a random token for the user who uploaded it; nothing is applied until
 * they confirm (as redirect_imports does for redirects). Frozen once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('translation_imports')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('translation_id', 'integer', (c) => c.notNull().references('page_translations.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('changes', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('translation_imports').execute();
}
