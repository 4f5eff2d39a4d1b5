import { sql, type Kysely } from 'kysely';

/**
 * Restaurant locations: every field of the spec's Location entity, plus what a real chain needs
 * (IANA time zone, special hours by date, reopen date, map images, directory slugs).
 * Weekly hours are typed JSON lists of {dayOfWeek, open, close}; the API validates their shape.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('locations')
    // The chain's own restaurant id (rlid), not a serial: imports keep it stable.
    .addColumn('rlid', 'integer', (c) => c.primaryKey())
    .addColumn('restaurant_number', 'text', (c) => c.notNull())
    .addColumn('address1', 'text', (c) => c.notNull())
    .addColumn('address2', 'text')
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('state_name', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('country_root_url', 'text')
    .addColumn('zip', 'text', (c) => c.notNull())
    .addColumn('latitude', 'double precision', (c) => c.notNull().check(sql`latitude between -90 and 90`))
    .addColumn('longitude', 'double precision', (c) => c.notNull().check(sql`longitude between -180 and 180`))
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('hours', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('curbside_hours', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('delivery_hours', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // [{date: 'YYYY-MM-DD', label, closed, open?, close?}] overriding the weekly hours that day.
    .addColumn('special_hours', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('has_curbside', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('has_delivery', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('has_online_ordering', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('has_take_out', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_dining_room_opened', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_temporarily_closed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('outside_dining', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_reservations_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('reopen_date', 'text', (c) => c.check(sql`reopen_date ~ '^\\d{4}-\\d{2}-\\d{2}$'`))
    .addColumn('local_page_url', 'text', (c) => c.unique())
    .addColumn('estimated_wait_time', 'text')
    .addColumn('wait_list_max_party_size', 'integer')
    .addColumn('wait_list_ready', 'boolean')
    .addColumn('map_image_url_mobile', 'text')
    .addColumn('map_image_url_desktop', 'text')
    .addColumn('state_slug', 'text', (c) => c.notNull())
    .addColumn('city_slug', 'text', (c) => c.notNull())
    .addColumn('line1_slug', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('locations_directory_path_key', ['country', 'state_slug', 'city_slug', 'line1_slug'])
    .execute();

  // The nearby search prefilters on a latitude range (then longitude) before the haversine.
  await db.schema.createIndex('locations_lat_lng_idx').on('locations').columns(['latitude', 'longitude']).execute();
  await db.schema
    .createIndex('locations_directory_idx')
    .on('locations')
    .columns(['country', 'state_slug', 'city_slug'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('locations').execute();
}
