import type { Kysely } from 'kysely';

/**
 * Each user's time zone for the back office (issue 30): an IANA name, or null for the site's
 * (TIME_ZONE). Times stay stored in UTC; only what the admin prints and reads is local. Frozen once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('time_zone', 'varchar(64)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('time_zone').execute();
}
