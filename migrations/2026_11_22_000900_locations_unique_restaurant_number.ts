import type { Kysely } from 'kysely';

/**
 * A restaurant number names one restaurant: the import already refuses a second one, and the
 * database now says so too (two dynos importing at once, or a hand-written insert). Frozen once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('locations_restaurant_number_key')
    .unique()
    .on('locations')
    .column('restaurant_number')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('locations_restaurant_number_key').execute();
}
