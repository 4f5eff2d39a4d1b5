import { sql, type Kysely } from 'kysely';

/**
 * Back-office accounts: failed login attempts, kept in the database so every dyno counts the
 * same failures when it rate-limits a username or an address. Frozen once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // 'username' (lower-cased, whether or not the account exists) or 'ip'.
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

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_attempts').execute();
}
