import { sql, type Kysely } from 'kysely';

/**
 * Wait list and reservations (issue 14). Frozen once landed.
 *
 * - waitlist_settings: one row per restaurant, locked FOR UPDATE by every change to its queue or
 *   its bookings, so positions stay gapless and a slot's capacity cannot be overbooked; it holds
 *   the host stand's settings (pause, turn times and table mix per party-size band, slot size).
 * - waitlist_entries: a party in line (plan-ahead entry); `position` is its place among the
 *   restaurant's open entries (1..n, no gaps), null once closed.
 * - waitlist_entry_events: each state an entry went through, with its time (quoted vs actual).
 * - reservations: one booked table at a local date and time; the idempotency key is unique.
 * - group_waitlist_permissions: which groups may run the host stand of which restaurant
 *   (rlid null: every restaurant).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('waitlist_settings')
    .addColumn('rlid', 'integer', (c) => c.primaryKey().references('locations.rlid').onDelete('cascade'))
    .addColumn('paused', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('pause_reason', 'text')
    // Minutes a table of each band stays taken, and how many tables of each band there are.
    .addColumn('turn_minutes_small', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(45)
        .check(sql`turn_minutes_small between 5 and 240`),
    )
    .addColumn('turn_minutes_medium', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(60)
        .check(sql`turn_minutes_medium between 5 and 240`),
    )
    .addColumn('turn_minutes_large', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(75)
        .check(sql`turn_minutes_large between 5 and 240`),
    )
    .addColumn('tables_small', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(10)
        .check(sql`tables_small between 0 and 500`),
    )
    .addColumn('tables_medium', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(8)
        .check(sql`tables_medium between 0 and 500`),
    )
    .addColumn('tables_large', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(3)
        .check(sql`tables_large between 0 and 500`),
    )
    .addColumn('slot_minutes', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(30)
        .check(sql`slot_minutes in (15, 30, 60)`),
    )
    .addColumn('parties_per_slot', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(4)
        .check(sql`parties_per_slot between 0 and 100`),
    )
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('waitlist_entries')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('rlid', 'integer', (c) => c.notNull().references('locations.rlid').onDelete('cascade'))
    .addColumn('party_size', 'integer', (c) => c.notNull().check(sql`party_size between 1 and 100`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('note', 'text')
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('online', 'walk_in')`))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('waiting', 'notified', 'seated', 'cancelled', 'no_show', 'removed')`),
    )
    .addColumn('position', 'integer')
    .addColumn('quoted_minutes', 'integer')
    .addColumn('quoted_at', 'timestamptz')
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('notified_at', 'timestamptz')
    .addColumn('closed_at', 'timestamptz')
    .addColumn('anonymised_at', 'timestamptz')
    .addCheckConstraint(
      'waitlist_entries_open_has_position',
      sql`(status in ('waiting', 'notified')) = (position is not null)`,
    )
    .execute();
  await db.schema
    .createIndex('waitlist_entries_rlid_position_idx')
    .on('waitlist_entries')
    .columns(['rlid', 'position'])
    .where(sql.ref('position'), 'is not', null)
    .execute();
  // One open entry per phone number per restaurant.
  await sql`create unique index waitlist_entries_open_phone_idx on waitlist_entries (rlid, phone) where status in ('waiting', 'notified') and phone is not null`.execute(
    db,
  );
  await db.schema
    .createIndex('waitlist_entries_closed_idx')
    .on('waitlist_entries')
    .column('closed_at')
    .where(sql.ref('anonymised_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('waitlist_entry_events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('waitlist_entries.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .check(sql`state in ('joined', 'quoted', 'notified', 'seated', 'cancelled', 'no_show', 'removed', 'moved')`),
    )
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('detail', 'text')
    .execute();
  await db.schema
    .createIndex('waitlist_entry_events_entry_idx')
    .on('waitlist_entry_events')
    .columns(['entry_id', 'at'])
    .execute();

  await db.schema
    .createTable('reservations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('rlid', 'integer', (c) => c.notNull().references('locations.rlid').onDelete('cascade'))
    .addColumn('party_size', 'integer', (c) => c.notNull().check(sql`party_size between 1 and 100`))
    // The restaurant's local calendar date and wall-clock time (its time zone), and the instant.
    .addColumn('local_date', 'text', (c) => c.notNull())
    .addColumn('local_time', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('note', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('booked', 'cancelled')`))
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('anonymised_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('reservations_slot_idx')
    .on('reservations')
    .columns(['rlid', 'local_date', 'local_time'])
    .where(sql.ref('status'), '=', 'booked')
    .execute();

  await db.schema
    .createTable('group_waitlist_permissions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('rlid', 'integer', (c) => c.references('locations.rlid').onDelete('cascade'))
    .execute();
  await sql`create unique index group_waitlist_permissions_unique_idx on group_waitlist_permissions (group_id, coalesce(rlid, 0))`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('group_waitlist_permissions').execute();
  await db.schema.dropTable('reservations').execute();
  await db.schema.dropTable('waitlist_entry_events').execute();
  await db.schema.dropTable('waitlist_entries').execute();
  await db.schema.dropTable('waitlist_settings').execute();
}
