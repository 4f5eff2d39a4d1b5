import type { Kysely } from 'kysely';

/**
 * Documents get the admin viewset's `version` (bumped by every save: a form opened before
 * another save is stale). Frozen once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('documents')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('documents').dropColumn('version').execute();
}
