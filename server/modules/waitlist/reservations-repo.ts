import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db';
import type { Reservation, ReservationTable } from './table';

/** Booked parties per start time on one local date. */
export function bookedPerSlot(db: Db, rlid: number, date: string): Promise<{ local_time: string; n: number }[]> {
  return db
    .selectFrom('reservations')
    .select(['local_time', (eb) => eb.fn.countAll<number>().as('n')])
    .where('rlid', '=', rlid)
    .where('local_date', '=', date)
    .where('status', '=', 'booked')
    .groupBy('local_time')
    .execute();
}

export async function countBooked(
  trx: Db,
  rlid: number,
  date: string,
  time: string,
  exceptId?: number,
): Promise<number> {
  let query = trx
    .selectFrom('reservations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('rlid', '=', rlid)
    .where('local_date', '=', date)
    .where('local_time', '=', time)
    .where('status', '=', 'booked');
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertReservation(trx: Db, values: Insertable<ReservationTable>): Promise<Reservation> {
  return trx.insertInto('reservations').values(values).returningAll().executeTakeFirstOrThrow();
}

export function findByPublicId(db: Db, publicId: string): Promise<Reservation | undefined> {
  return db.selectFrom('reservations').selectAll().where('public_id', '=', publicId).executeTakeFirst();
}

export function findById(db: Db, id: number): Promise<Reservation | undefined> {
  return db.selectFrom('reservations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Bookings of a restaurant for one local date by this phone or e-mail address, cancelled ones included. */
export async function countByContactOnDate(
  trx: Db,
  rlid: number,
  date: string,
  contact: { phone: string | null; email: string | null },
): Promise<number> {
  if (!contact.phone && !contact.email) return 0;
  const row = await trx
    .selectFrom('reservations')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('rlid', '=', rlid)
    .where('local_date', '=', date)
    .where((eb) =>
      eb.or([
        ...(contact.phone ? [eb('phone', '=', contact.phone)] : []),
        ...(contact.email ? [eb(eb.fn('lower', ['email']), '=', contact.email.toLowerCase())] : []),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findForUpdate(trx: Db, id: number): Promise<Reservation | undefined> {
  return trx.selectFrom('reservations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function cancel(trx: Db, id: number): Promise<void> {
  await trx
    .updateTable('reservations')
    .set({ status: 'cancelled', cancelled_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function reschedule(
  trx: Db,
  id: number,
  values: { local_date: string; local_time: string; starts_at: Date; party_size: number },
): Promise<void> {
  await trx.updateTable('reservations').set(values).where('id', '=', id).execute();
}

/** Today's (a local date's) booked tables of a restaurant, by time. */
export function bookedOn(db: Db, rlid: number, date: string): Promise<Reservation[]> {
  return db
    .selectFrom('reservations')
    .selectAll()
    .where('rlid', '=', rlid)
    .where('local_date', '=', date)
    .where('status', '=', 'booked')
    .orderBy('local_time')
    .orderBy('id')
    .execute();
}

/** Anonymises reservations that ended (or were cancelled) more than `days` ago. */
export async function anonymiseOldReservations(db: Db, days: number): Promise<number> {
  const result = await db
    .updateTable('reservations')
    .set({ name: 'Guest', phone: null, email: null, note: null, anonymised_at: sql`now()` })
    .where('anonymised_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('starts_at', '<', sql<Date>`now() - make_interval(days => ${days})`),
        eb('cancelled_at', '<', sql<Date>`now() - make_interval(days => ${days})`),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
