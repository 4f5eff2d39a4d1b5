import { sql, type Kysely } from 'kysely';

/**
 * Double opt-in for the e-mail signup (issue 27): a signup is first a pending request, its form
 * data kept here (never in the browser or the link) until the address's owner follows the
 * confirmation link, and a ledger of consent evidence: each request and each confirmation, with
 * its time, page, a keyed hash of the client address and the user agent. Evidence outlives the
 * request (purged once long expired) and the subscriber. Frozen once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('signup_requests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // Lower-cased, as subscribers.email.
    .addColumn('email', 'text', (c) => c.notNull())
    // The validated form: names, postcode, birthday, occasions (what the confirmation writes).
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('language_code', 'text', (c) => c.notNull())
    .addColumn('source_url', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('confirmed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('signup_requests_expires_idx').on('signup_requests').column('expires_at').execute();

  await db.schema
    .createTable('consent_evidence')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('request_id', 'integer', (c) => c.references('signup_requests.id').onDelete('set null'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull().check(sql`event in ('requested', 'confirmed')`))
    .addColumn('wording', 'text', (c) => c.notNull())
    .addColumn('wording_version', 'text', (c) => c.notNull())
    .addColumn('site_id', 'integer', (c) => c.references('sites.id').onDelete('set null'))
    .addColumn('language_code', 'text', (c) => c.notNull())
    .addColumn('source_url', 'text', (c) => c.notNull())
    // HMAC of the client address under a key derived from the app's secret: comparable, not reversible.
    .addColumn('ip_hash', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('consent_evidence_email_idx')
    .on('consent_evidence')
    .columns(['email', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('consent_evidence').execute();
  await db.schema.dropTable('signup_requests').execute();
}
