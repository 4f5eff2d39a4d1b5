import { sql, type Kysely } from 'kysely';

/**
 * The language a guest joined the wait list or booked in (the page's language and its path
 * prefix, e.g. 'fr-CA' and '/fr' on the Canada site's French pages), so the messages sent later
 * (confirmation, 'table ready', changes) speak it and link back to the same language. Rows made
 * before this, and through the API, are English with no prefix. Frozen once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['waitlist_entries', 'reservations']) {
    await db.schema
      .alterTable(table)
      .addColumn('language_code', 'text', (c) =>
        c
          .notNull()
          .defaultTo('en')
          .check(sql`length(language_code) between 2 and 20`),
      )
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('path_prefix', 'text', (c) =>
        c
          .notNull()
          .defaultTo('')
          .check(sql`path_prefix ~ '^(/[a-z][a-z-]{0,19})?$'`),
      )
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['waitlist_entries', 'reservations']) {
    await db.schema.alterTable(table).dropColumn('path_prefix').execute();
    await db.schema.alterTable(table).dropColumn('language_code').execute();
  }
}
