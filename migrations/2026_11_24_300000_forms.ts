import { sql, type Kysely } from 'kysely';

/**
 * The guest forms (contact, e-mail signup, unsubscribe): every stored submission, the
 * subscribers (one row per e-mail address), their consent records (kept after an unsubscribe:
 * CASL and CAN-SPAM need the proof), and the captcha solutions already used (single use).
 * The staff notification is a row of `jobs`, written in the submission's transaction.
 * Frozen once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('form_submissions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('form', 'text', (c) => c.notNull().check(sql`form in ('contact', 'signup')`))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('language_code', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('form_submissions_page_time_idx')
    .on('form_submissions')
    .columns(['page_id', 'submitted_at'])
    .execute();

  await db.schema
    .createTable('subscribers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // Lower-cased: one subscriber per address, whatever the case it was typed in.
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('postcode', 'text', (c) => c.notNull())
    .addColumn('birthday_month', 'integer')
    .addColumn('birthday_day', 'integer')
    .addColumn('occasions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('site_id', 'integer', (c) => c.references('sites.id').onDelete('set null'))
    .addColumn('language_code', 'text', (c) => c.notNull())
    .addColumn('subscribed', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('unsubscribed_at', 'timestamptz')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('consent_records')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('subscriber_id', 'integer', (c) => c.notNull().references('subscribers.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('subscribe', 'unsubscribe')`))
    // How it was given or withdrawn: the signup form, the unsubscribe block, a mail client's one-click.
    .addColumn('channel', 'text', (c) => c.notNull())
    // The exact words shown next to the checkbox, and their version.
    .addColumn('wording', 'text', (c) => c.notNull())
    .addColumn('wording_version', 'text', (c) => c.notNull())
    .addColumn('site_id', 'integer', (c) => c.references('sites.id').onDelete('set null'))
    .addColumn('language_code', 'text', (c) => c.notNull())
    .addColumn('source_url', 'text', (c) => c.notNull())
    .addColumn('ip_address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('consent_records_subscriber_idx')
    .on('consent_records')
    .columns(['subscriber_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('captcha_solutions')
    .addColumn('challenge_id', 'text', (c) => c.primaryKey())
    .addColumn('used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('captcha_solutions_used_at_idx').on('captcha_solutions').column('used_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('captcha_solutions').execute();
  await db.schema.dropTable('consent_records').execute();
  await db.schema.dropTable('subscribers').execute();
  await db.schema.dropTable('form_submissions').execute();
}
