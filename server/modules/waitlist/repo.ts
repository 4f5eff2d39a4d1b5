import { sql } from 'kysely';
import type { Db } from '../../db';
import type {
  EntryEventState,
  EntryStatus,
  WaitlistEntry,
  WaitlistEntryTable,
  WaitlistSettings,
  WaitlistSettingsTable,
} from './table';
import type { Insertable, Updateable } from 'kysely';

const OPEN = ['waiting', 'notified'] as const;

/**
 * Takes the restaurant's wait-list row lock until the transaction ends (creating the row with
 * its defaults first), so queue changes and bookings of one restaurant run one at a time.
 */
export async function lockSettings(trx: Db, rlid: number): Promise<WaitlistSettings> {
  // One round trip: ON CONFLICT DO UPDATE locks the existing row as FOR UPDATE would.
  return trx
    .insertInto('waitlist_settings')
    .values({ rlid })
    .onConflict((oc) => oc.column('rlid').doUpdateSet({ rlid: (eb) => eb.ref('excluded.rlid') }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findSettings(db: Db, rlid: number): Promise<WaitlistSettings | undefined> {
  return db.selectFrom('waitlist_settings').selectAll().where('rlid', '=', rlid).executeTakeFirst();
}

export function findSettingsFor(db: Db, rlids: number[]): Promise<WaitlistSettings[]> {
  if (rlids.length === 0) return Promise.resolve([]);
  return db.selectFrom('waitlist_settings').selectAll().where('rlid', 'in', rlids).execute();
}

export async function updateSettings(trx: Db, rlid: number, values: Updateable<WaitlistSettingsTable>): Promise<void> {
  await trx
    .updateTable('waitlist_settings')
    .set({ ...values, updated_at: sql`now()` })
    .where('rlid', '=', rlid)
    .execute();
}

/** Open entries of some restaurants, grouped: rlid, party size and position (for estimates). */
export function openQueues(db: Db, rlids: number[]): Promise<{ rlid: number; party_size: number; position: number }[]> {
  if (rlids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('waitlist_entries')
    .select(['rlid', 'party_size', sql<number>`position`.as('position')])
    .where('rlid', 'in', rlids)
    .where('status', 'in', OPEN)
    .orderBy('rlid')
    .orderBy('position')
    .execute();
}

/** Seatings per party size in the last `minutes`, from the entries' state history. */
export function recentSeatings(
  db: Db,
  rlids: number[],
  minutes: number,
): Promise<{ rlid: number; party_size: number; n: number }[]> {
  if (rlids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('waitlist_entries')
    .select(['rlid', 'party_size', (eb) => eb.fn.countAll<number>().as('n')])
    .where('rlid', 'in', rlids)
    .where('status', '=', 'seated')
    .where('closed_at', '>', sql<Date>`now() - make_interval(mins => ${minutes})`)
    .groupBy(['rlid', 'party_size'])
    .execute();
}

export async function countOpen(trx: Db, rlid: number): Promise<number> {
  const row = await trx
    .selectFrom('waitlist_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('rlid', '=', rlid)
    .where('status', 'in', OPEN)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertEntry(trx: Db, values: Insertable<WaitlistEntryTable>): Promise<WaitlistEntry> {
  return trx.insertInto('waitlist_entries').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function addEvent(
  trx: Db,
  entryId: number,
  state: EntryEventState,
  detail: string | null = null,
): Promise<void> {
  await addEvents(trx, entryId, [{ state, detail }]);
}

export async function addEvents(
  trx: Db,
  entryId: number,
  events: { state: EntryEventState; detail: string | null }[],
): Promise<void> {
  await trx
    .insertInto('waitlist_entry_events')
    .values(events.map((e) => ({ entry_id: entryId, ...e })))
    .execute();
}

export function findEntryByPublicId(db: Db, publicId: string): Promise<WaitlistEntry | undefined> {
  return db.selectFrom('waitlist_entries').selectAll().where('public_id', '=', publicId).executeTakeFirst();
}

export function findEntry(db: Db, id: number): Promise<WaitlistEntry | undefined> {
  return db.selectFrom('waitlist_entries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Re-reads an entry under the restaurant lock (its position may have moved meanwhile). */
export function findEntryForUpdate(trx: Db, id: number): Promise<WaitlistEntry | undefined> {
  return trx.selectFrom('waitlist_entries').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function findOpenByPhone(trx: Db, rlid: number, phone: string): Promise<WaitlistEntry | undefined> {
  return trx
    .selectFrom('waitlist_entries')
    .selectAll()
    .where('rlid', '=', rlid)
    .where('phone', '=', phone)
    .where('status', 'in', OPEN)
    .executeTakeFirst();
}

export function listOpen(db: Db, rlid: number): Promise<WaitlistEntry[]> {
  return db
    .selectFrom('waitlist_entries')
    .selectAll()
    .where('rlid', '=', rlid)
    .where('status', 'in', OPEN)
    .orderBy('position')
    .execute();
}

/** Closes an entry and closes the gap it leaves: every later entry moves up one place. */
export async function closeEntry(trx: Db, entry: WaitlistEntry, status: EntryStatus): Promise<void> {
  await trx
    .updateTable('waitlist_entries')
    .set({ status, position: null, closed_at: sql`now()` })
    .where('id', '=', entry.id)
    .execute();
  if (entry.position !== null) {
    await trx
      .updateTable('waitlist_entries')
      .set({ position: sql`position - 1` })
      .where('rlid', '=', entry.rlid)
      .where('status', 'in', OPEN)
      .where('position', '>', entry.position)
      .execute();
  }
}

export async function markNotified(trx: Db, id: number): Promise<void> {
  await trx
    .updateTable('waitlist_entries')
    .set({ status: 'notified', notified_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Moves an open entry from `from` to `to`, shifting the ones between by one place. */
export async function moveEntry(trx: Db, entry: WaitlistEntry & { position: number }, to: number): Promise<void> {
  const from = entry.position;
  if (to === from) return;
  await trx
    .updateTable('waitlist_entries')
    .set({ position: to < from ? sql`position + 1` : sql`position - 1` })
    .where('rlid', '=', entry.rlid)
    .where('status', 'in', OPEN)
    .where('id', '!=', entry.id)
    .where('position', '>=', Math.min(from, to))
    .where('position', '<=', Math.max(from, to))
    .execute();
  await trx.updateTable('waitlist_entries').set({ position: to }).where('id', '=', entry.id).execute();
}

export function entryEvents(db: Db, entryId: number) {
  return db
    .selectFrom('waitlist_entry_events')
    .select(['state', 'at', 'detail'])
    .where('entry_id', '=', entryId)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

/** Anonymises entries closed more than `days` ago: the name becomes 'Guest', contact and note go. */
export async function anonymiseClosedEntries(db: Db, days: number): Promise<number> {
  const result = await db
    .updateTable('waitlist_entries')
    .set({ name: 'Guest', phone: null, email: null, note: null, anonymised_at: sql`now()` })
    .where('anonymised_at', 'is', null)
    .where('closed_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Per local day: entries seated, their average quoted and actual wait (joined to seated), in minutes. */
export function quotedVsActual(db: Db, rlid: number, timeZone: string, days: number) {
  const day = sql<string>`to_char(joined_at at time zone ${timeZone}, 'YYYY-MM-DD')`;
  return (
    db
      .selectFrom('waitlist_entries')
      .select([
        day.as('day'),
        (eb) => eb.fn.countAll<number>().as('seated'),
        sql<number | null>`round(avg(quoted_minutes)::numeric, 1)::float8`.as('avg_quoted'),
        sql<number | null>`round(avg(extract(epoch from (closed_at - joined_at)) / 60)::numeric, 1)::float8`.as(
          'avg_actual',
        ),
      ])
      .where('rlid', '=', rlid)
      .where('status', '=', 'seated')
      .where('joined_at', '>', sql<Date>`now() - make_interval(days => ${days})`)
      // By position: the time zone is a parameter, so the same expression written again is another one.
      .groupBy(sql`1`)
      .orderBy(sql`1`, 'desc')
      .execute()
  );
}

/** Entries of a restaurant joined in [from, to) by this phone or e-mail address (any state, any source). */
export async function countJoinsByContact(
  trx: Db,
  rlid: number,
  contact: { phone: string | null; email: string | null },
  from: Date,
  to: Date,
): Promise<number> {
  if (!contact.phone && !contact.email) return 0;
  const row = await trx
    .selectFrom('waitlist_entries')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('rlid', '=', rlid)
    .where('joined_at', '>=', from)
    .where('joined_at', '<', to)
    .where((eb) =>
      eb.or([
        ...(contact.phone ? [eb('phone', '=', contact.phone)] : []),
        ...(contact.email ? [eb(eb.fn('lower', ['email']), '=', contact.email.toLowerCase())] : []),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
