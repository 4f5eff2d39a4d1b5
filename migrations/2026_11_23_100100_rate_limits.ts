import { sql, type Kysely } from 'kysely';

/**
 * Rate limits as one counter row per (scope, key), checked and counted by a single
 * INSERT ... ON CONFLICT DO UPDATE ... WHERE statement, so parallel attempts are all counted.
 * Replaces login_attempts (one row per failure, counted before and recorded after the check,
 * which let concurrent attempts through). Frozen once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    // What is limited and for whom, e.g. 'login_account' + a lower-cased username.
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // No attempt is counted (or checked) before this time.
    .addColumn('not_before', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('rate_limits_pkey', ['scope', 'key'])
    .execute();
  await db.schema.createIndex('rate_limits_not_before_idx').on('rate_limits').column('not_before').execute();
  await db.schema.dropTable('login_attempts').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('scope', 'text', (c) => c.notNull().check(sql`scope in ('username', 'ip')`))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('attempted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('login_attempts_scope_key_idx')
    .on('login_attempts')
    .columns(['scope', 'key', 'attempted_at'])
    .execute();
  await db.schema.createIndex('login_attempts_attempted_idx').on('login_attempts').column('attempted_at').execute();
}
