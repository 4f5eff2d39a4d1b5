import { sql } from 'kysely';
import { jsonb, type Db } from '../../db';
import type { ListQuery } from '../../listing/list-query';
import { pageOfRows } from '../../listing/rows-repo';
import type { ConsentAction, FormName, Occasion } from './table';

/** Records a captcha solution as used; false when it already was (a replay). Atomic on every dyno. */
export async function spendCaptchaSolution(db: Db, challengeId: string): Promise<boolean> {
  const row = await db
    .insertInto('captcha_solutions')
    .values({ challenge_id: challengeId })
    .onConflict((oc) => oc.column('challenge_id').doNothing())
    .returning('challenge_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Solutions past every challenge's expiry can go: the signature check refuses them anyway. */
export async function deleteOldCaptchaSolutions(db: Db, olderThanSeconds: number): Promise<void> {
  await db
    .deleteFrom('captcha_solutions')
    .where('used_at', '<', sql<Date>`now() - make_interval(secs => ${olderThanSeconds})`)
    .execute();
}

export async function insertSubmission(
  db: Db,
  row: { page_id: number; form: FormName; site_id: number; language_code: string; data: Record<string, unknown> },
): Promise<number> {
  const inserted = await db
    .insertInto('form_submissions')
    .values({ ...row, data: jsonb(row.data) as unknown as string })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export function findSubmission(db: Db, id: number, options: { lock?: boolean } = {}) {
  let query = db.selectFrom('form_submissions').selectAll().where('id', '=', id);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export type SubmissionFilters = { pageIds?: readonly number[]; from?: string; to?: string };

export async function deleteSubmissions(db: Db, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('form_submissions').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Submissions, newest first by default; `pageIds` (when given) keeps only those pages' (none: no rows). */
export function listSubmissions(db: Db, query: ListQuery, filters: SubmissionFilters) {
  let base = db.selectFrom('form_submissions as s').selectAll('s');
  if (filters.pageIds !== undefined)
    base =
      filters.pageIds.length === 0
        ? base.where(sql<boolean>`false`)
        : base.where('s.page_id', 'in', [...filters.pageIds]);
  if (filters.from) base = base.where('s.submitted_at', '>=', new Date(`${filters.from}T00:00:00Z`));
  if (filters.to)
    base = base.where(
      's.submitted_at',
      '<',
      sql<Date>`${new Date(`${filters.to}T00:00:00Z`)}::timestamptz + interval '1 day'`,
    );
  return pageOfRows(base, query, { search: [], sort: { submitted_at: 's.submitted_at' }, id: 's.id' });
}

/** The pages that hold a form, with how many submissions each has and the newest one's time. */
export function listFormPages(db: Db, pageTypes: readonly string[]) {
  return (
    db
      .selectFrom('pages as p')
      .leftJoin('form_submissions as s', 's.page_id', 'p.id')
      // path, owner and child count: the admin lists only the forms whose page the user may change.
      .select(['p.id', 'p.title', 'p.url_path', 'p.page_type', 'p.locale_id', 'p.path', 'p.owner_id', 'p.numchild'])
      .select((eb) => [
        eb.fn.count<string>('s.id').as('submissions'),
        eb.fn.max('s.submitted_at').as('last_submitted_at'),
      ])
      .where('p.page_type', 'in', [...pageTypes])
      .groupBy(['p.id', 'p.title', 'p.url_path', 'p.page_type', 'p.locale_id', 'p.path', 'p.owner_id', 'p.numchild'])
      .orderBy('p.title')
      .orderBy('p.id')
      .execute()
  );
}

export function findPage(db: Db, id: number) {
  return db
    .selectFrom('pages')
    .select(['id', 'title', 'page_type', 'url_path', 'content', 'locale_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export type SubscriberValues = {
  email: string;
  first_name: string;
  last_name: string;
  postcode: string;
  birthday_month: number | null;
  birthday_day: number | null;
  occasions: Occasion[];
  site_id: number;
  language_code: string;
};

/** One row per address: a second signup updates it (and subscribes it again). */
export async function upsertSubscriber(db: Db, values: SubscriberValues): Promise<{ id: number; created: boolean }> {
  const row = await db
    .insertInto('subscribers')
    .values({ ...values, occasions: JSON.stringify(values.occasions), updated_at: new Date() })
    .onConflict((oc) =>
      oc.column('email').doUpdateSet((eb) => ({
        first_name: eb.ref('excluded.first_name'),
        last_name: eb.ref('excluded.last_name'),
        postcode: eb.ref('excluded.postcode'),
        birthday_month: eb.ref('excluded.birthday_month'),
        birthday_day: eb.ref('excluded.birthday_day'),
        occasions: eb.ref('excluded.occasions'),
        site_id: eb.ref('excluded.site_id'),
        language_code: eb.ref('excluded.language_code'),
        subscribed: true,
        unsubscribed_at: null,
        updated_at: new Date(),
        version: sql`subscribers.version + 1`,
      })),
    )
    .returning(['id', sql<boolean>`(xmax = 0)`.as('created')])
    .executeTakeFirstOrThrow();
  return { id: row.id, created: row.created };
}

export function findSubscriberByEmail(db: Db, email: string) {
  return db.selectFrom('subscribers').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findSubscriber(db: Db, id: number) {
  return db.selectFrom('subscribers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function markUnsubscribed(db: Db, id: number): Promise<void> {
  await db
    .updateTable('subscribers')
    .set({ subscribed: false, unsubscribed_at: new Date(), updated_at: new Date(), version: sql`version + 1` })
    .where('id', '=', id)
    .execute();
}

export function listSubscribers(db: Db, query: ListQuery) {
  let base = db.selectFrom('subscribers as s').selectAll('s');
  if (query.filters.subscribed === 'yes') base = base.where('s.subscribed', '=', true);
  if (query.filters.subscribed === 'no') base = base.where('s.subscribed', '=', false);
  return pageOfRows(base, query, {
    search: ['s.email', 's.first_name', 's.last_name'],
    sort: { email: 's.email', updated_at: 's.updated_at' },
    id: 's.id',
  });
}

export async function insertConsentRecord(
  db: Db,
  row: {
    subscriber_id: number;
    action: ConsentAction;
    channel: string;
    wording: string;
    wording_version: string;
    site_id: number | null;
    language_code: string;
    source_url: string;
    ip_address: string;
  },
): Promise<void> {
  await db.insertInto('consent_records').values(row).execute();
}

export function listConsentRecords(db: Db, subscriberId: number) {
  return db
    .selectFrom('consent_records')
    .selectAll()
    .where('subscriber_id', '=', subscriberId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
