import type { Kysely } from 'kysely';

/**
 * A state or province search lists every restaurant in the region (issue 29): this index finds
 * them and counts them without reading the rest of the table. Frozen once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('locations_country_state_idx').on('locations').columns(['country', 'state']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('locations_country_state_idx').execute();
}
