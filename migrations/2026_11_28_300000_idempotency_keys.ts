import { sql, type Kysely } from 'kysely';

/**
 * Idempotency keys as the IETF Idempotency-Key draft describes them: a key is unique per client
 * (never across clients, so a key is not a password to someone else's booking), bound to a
 * fingerprint of the request, and its stored answer is kept 24 hours (a job purges it).
 * The reservations' old global key column goes: it let any client read a booking by its key.
 * Frozen once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // A hash of the client's identity (its session), never the session id itself.
    .addColumn('client', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    // SHA-256 of the method, path and canonical body.
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('in_progress', 'done')`))
    // Who holds an in-progress claim: a claim whose holder died is taken over after its lease.
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'jsonb')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('idempotency_keys_client_key_unique', ['client', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_expires_idx').on('idempotency_keys').column('expires_at').execute();
  await db.schema.alterTable('reservations').dropColumn('idempotency_key').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('reservations')
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .execute();
  await db.schema.dropTable('idempotency_keys').execute();
}
