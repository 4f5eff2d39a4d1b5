import { sql, type Kysely } from 'kysely';

/**
 * A state or province search lists every restaurant in the region (issue 29): this index finds
 * them, and its included columns (the unit vector) rank and count them without reading the table
 * (an index-only scan), so only the listed winners' rows are read. Frozen once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX locations_country_state_idx ON locations (country, state) INCLUDE (rlid, x, y, z)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('locations_country_state_idx').execute();
}
