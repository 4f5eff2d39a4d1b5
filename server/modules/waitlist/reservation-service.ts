import type { Db } from '../../db';
import { badRequest, HttpError, notFound } from '../../errors';
import { formatTime } from '../../../shared/locations/hours';
import type { DayHours, SpecialHours } from '../../../shared/schemas/locations';
import {
  availabilitySchema,
  DEFAULT_PARTY_SIZE,
  RESERVATION_DAYS_AHEAD,
  reservationSchema,
  type Availability,
  type BookingRequest,
  type ReservationView,
} from '../../../shared/schemas/waitlist';
import { addDays, localNow, slotTimes, toMinutes, zonedInstant } from '../../../shared/waitlist/local-time';
import type { LocationRow } from '../locations/table';
import { runOnce, type IdempotentRequest } from '../idempotency/service';
import * as rateLimits from '../rate-limits/service';
import { firstName, normalisePhone, restaurantSummary } from './guest-contact';
import { languageColumns, type GuestLanguage } from './guest-language';
import { enqueueGuestMessage } from './notifications';
import { BOOKINGS_PER_CONTACT_PER_DAY, contactLimitReached, requireCaptcha, type CaptchaCheck } from './guest-checks';
import * as repo from './repo';
import * as reservationsRepo from './reservations-repo';
import { announce, maxPartySize, newPublicId, requireLocation } from './service';
import type { Reservation, WaitlistSettings } from './table';

/**
 * Table reservations (issue 14): a restaurant offers start times every `slot_minutes` of its
 * hours on a local date, each taking `parties_per_slot` bookings. A booking counts the slot's
 * bookings and inserts under the restaurant's row lock, so parallel requests for the last place
 * are served one after the other and only the first gets it.
 */

const jsonList = <T>(value: unknown): T[] =>
  Array.isArray(value) ? (value as T[]) : typeof value === 'string' ? (JSON.parse(value) as T[]) : [];

/** A booking must start at least this long after now. */
const LEAD_MINUTES = 15;

function requireReservations(row: LocationRow): void {
  if (!row.is_reservations_enabled)
    throw new HttpError(409, 'reservations_not_offered', 'This restaurant does not take reservations.');
  if (row.is_temporarily_closed)
    throw new HttpError(409, 'temporarily_closed', 'This restaurant is temporarily closed.');
}

function bookableWindow(row: LocationRow, now: Date) {
  const today = localNow(now, row.time_zone);
  return { today, firstDate: today.date, lastDate: addDays(today.date, RESERVATION_DAYS_AHEAD) };
}

function checkDate(row: LocationRow, date: string, now: Date) {
  const window = bookableWindow(row, now);
  if (
    Number.isNaN(Date.parse(`${date}T00:00:00Z`)) ||
    new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date
  ) {
    throw badRequest('The date is not valid.', { date: ['Please choose a real date'] });
  }
  if (date < window.firstDate)
    throw badRequest('The date is in the past.', { date: ['Please choose today or a later date'] });
  if (date > window.lastDate)
    throw badRequest(`Tables can be booked up to ${RESERVATION_DAYS_AHEAD} days ahead.`, {
      date: [`Please choose a date up to ${window.lastDate}`],
    });
  return window;
}

function checkPartySize(row: LocationRow, partySize: number): void {
  const max = maxPartySize(row);
  if (partySize > max)
    throw badRequest(`Parties of more than ${max} cannot book online; please call the restaurant.`, {
      partySize: [`The largest party is ${max}`],
    });
}

function offeredTimes(
  row: LocationRow,
  settings: Pick<WaitlistSettings, 'slot_minutes'> | undefined,
  date: string,
  now: Date,
): string[] {
  const window = bookableWindow(row, now);
  const times = slotTimes(
    date,
    jsonList<DayHours>(row.hours),
    jsonList<SpecialHours>(row.special_hours),
    settings?.slot_minutes ?? 30,
  );
  if (date !== window.firstDate) return times;
  return times.filter((time) => toMinutes(time) >= window.today.minutes + LEAD_MINUTES);
}

/**
 * The date a booking form opens on: today while a time is left to book, else tomorrow (a guest
 * looking late in the evening should see times, not 'no tables are free').
 */
export async function firstBookableDate(db: Db, rlid: number, now = new Date()): Promise<string> {
  const row = await requireLocation(db, rlid);
  const window = bookableWindow(row, now);
  const settings = await repo.findSettings(db, rlid);
  return offeredTimes(row, settings, window.firstDate, now).length > 0
    ? window.firstDate
    : addDays(window.firstDate, 1);
}

export async function availability(
  db: Db,
  rlid: number,
  date: string,
  partySize = DEFAULT_PARTY_SIZE,
  now = new Date(),
): Promise<Availability> {
  const row = await requireLocation(db, rlid);
  requireReservations(row);
  checkPartySize(row, partySize);
  const window = checkDate(row, date, now);
  const settings = await repo.findSettings(db, rlid);
  const capacity = settings?.parties_per_slot ?? 4;
  const booked = new Map(
    (await reservationsRepo.bookedPerSlot(db, rlid, date)).map((r) => [r.local_time, Number(r.n)]),
  );
  const times = offeredTimes(row, settings, date, now);
  return availabilitySchema.parse({
    rlid,
    date,
    partySize,
    timeZone: row.time_zone,
    firstDate: window.firstDate,
    lastDate: window.lastDate,
    closed: slotTimes(date, jsonList<DayHours>(row.hours), jsonList<SpecialHours>(row.special_hours), 60).length === 0,
    slots: times.map((time) => ({ time, label: formatTime(time), available: (booked.get(time) ?? 0) < capacity })),
  });
}

export type BookContext = {
  ip: string;
  origin: string;
  /** The guest's captcha answer: every booking is a guest's own. */
  captcha: CaptchaCheck;
  /** The client's Idempotency-Key, when it sent one. */
  idempotency?: IdempotentRequest | null;
  now?: Date;
  language?: GuestLanguage;
};

/**
 * Books a table. Checked in this order: the restaurant, party size and date, the rate limits, the
 * idempotency key (a retry of the same request gets the first answer, another request with the
 * key a 422), the captcha; then under the restaurant's lock the cap per contact and date and the
 * slot's capacity, and the booking, its messages and the key's stored answer commit together.
 */
export async function book(
  db: Db,
  input: BookingRequest,
  context: BookContext,
): Promise<{ reservation: ReservationView; replayed: boolean }> {
  const now = context.now ?? new Date();
  const row = await requireLocation(db, input.rlid);
  requireReservations(row);
  checkPartySize(row, input.partySize);
  checkDate(row, input.date, now);
  const phone = input.phone ? normalisePhone(input.phone, row.country) : null;
  const email = input.email ?? null;
  await limit(db, context.ip, phone);
  const done = await runOnce<ReservationView>(db, context.idempotency ?? null, async (record) => {
    await requireCaptcha(db, context.captcha);
    const reservation = await db.transaction().execute(async (trx) => {
      const settings = await repo.lockSettings(trx, row.rlid);
      if (
        (await reservationsRepo.countByContactOnDate(trx, row.rlid, input.date, { phone, email })) >=
        BOOKINGS_PER_CONTACT_PER_DAY
      )
        throw contactLimitReached('booking', { phone });
      await takeSlot(trx, row, settings, input.date, input.time, now);
      const created = await reservationsRepo.insertReservation(trx, {
        public_id: newPublicId(),
        rlid: row.rlid,
        party_size: input.partySize,
        local_date: input.date,
        local_time: input.time,
        starts_at: zonedInstant(input.date, input.time, row.time_zone),
        name: input.name,
        phone,
        email,
        note: input.note ?? null,
        status: 'booked',
        ...languageColumns(context.language),
      });
      await enqueueGuestMessage(trx, { reservationId: created.id }, 'booked', created, context.origin);
      const answer = await view(trx, created, row);
      await record(trx, { status: 201, body: answer });
      return answer;
    });
    return { status: 201, body: reservation };
  });
  if (!done.replayed) await announce(db, row.rlid);
  return { reservation: done.body, replayed: done.replayed };
}

/** Checks, under the lock, that the time is offered that day and the slot still has room. */
async function takeSlot(
  trx: Db,
  row: LocationRow,
  settings: WaitlistSettings,
  date: string,
  time: string,
  now: Date,
  exceptId?: number,
): Promise<void> {
  if (!offeredTimes(row, settings, date, now).includes(time)) {
    throw badRequest('This time cannot be booked.', { time: ['Please choose one of the available times'] });
  }
  if ((await reservationsRepo.countBooked(trx, row.rlid, date, time, exceptId)) >= settings.parties_per_slot) {
    throw new HttpError(409, 'slot_full', 'This time has just been taken. Please choose another.', {
      time: ['This time is no longer available'],
    });
  }
}

async function limit(db: Db, ip: string, phone: string | null): Promise<void> {
  const checks: [rateLimits.Limit, string][] = [[rateLimits.LIMITS.reservationAddress, ip]];
  if (phone) checks.push([rateLimits.LIMITS.reservationPhone, phone]);
  for (const [rule, key] of checks) {
    const reservation = await rateLimits.reserve(db, rule, key);
    if (!reservation.counted)
      throw new HttpError(
        429,
        'rate_limited',
        `Too many attempts. Please try again in ${reservation.retryAfterSeconds} seconds.`,
      );
  }
}

export async function reservationByPublicId(db: Db, publicId: string): Promise<ReservationView> {
  const reservation = await reservationsRepo.findByPublicId(db, publicId);
  if (!reservation) throw notFound('No reservation has this id.');
  return view(db, reservation);
}

export async function cancelReservation(db: Db, publicId: string, origin: string): Promise<ReservationView> {
  const found = await reservationsRepo.findByPublicId(db, publicId);
  if (!found) throw notFound('No reservation has this id.');
  await db.transaction().execute(async (trx) => {
    const reservation = await reservationsRepo.findForUpdate(trx, found.id);
    if (!reservation || reservation.status !== 'booked')
      throw new HttpError(409, 'reservation_closed', 'This reservation is already cancelled.');
    await reservationsRepo.cancel(trx, reservation.id);
    await enqueueGuestMessage(trx, { reservationId: reservation.id }, 'cancelled', reservation, origin);
  });
  await announce(db, found.rlid);
  return reservationByPublicId(db, publicId);
}

/** Moves a booking to another date, time or party size, with the same capacity rule. */
export async function changeReservation(
  db: Db,
  publicId: string,
  change: { date: string; time: string; partySize: number },
  origin: string,
  now = new Date(),
): Promise<ReservationView> {
  const found = await reservationsRepo.findByPublicId(db, publicId);
  if (!found) throw notFound('No reservation has this id.');
  const row = await requireLocation(db, found.rlid);
  requireReservations(row);
  checkPartySize(row, change.partySize);
  checkDate(row, change.date, now);
  await db.transaction().execute(async (trx) => {
    const settings = await repo.lockSettings(trx, row.rlid);
    const reservation = await reservationsRepo.findForUpdate(trx, found.id);
    if (!reservation || reservation.status !== 'booked')
      throw new HttpError(409, 'reservation_closed', 'This reservation is cancelled.');
    await takeSlot(trx, row, settings, change.date, change.time, now, reservation.id);
    await reservationsRepo.reschedule(trx, reservation.id, {
      local_date: change.date,
      local_time: change.time,
      starts_at: zonedInstant(change.date, change.time, row.time_zone),
      party_size: change.partySize,
    });
    await enqueueGuestMessage(trx, { reservationId: reservation.id }, 'changed', reservation, origin);
  });
  await announce(db, row.rlid);
  return reservationByPublicId(db, publicId);
}

async function view(db: Db, reservation: Reservation, known?: LocationRow): Promise<ReservationView> {
  const row = known ?? (await requireLocation(db, reservation.rlid));
  return reservationSchema.parse({
    reservationId: reservation.public_id,
    rlid: reservation.rlid,
    restaurant: restaurantSummary(row),
    name: firstName(reservation.name),
    partySize: reservation.party_size,
    date: reservation.local_date,
    time: reservation.local_time,
    timeLabel: formatTime(reservation.local_time),
    startsAt: reservation.starts_at.toISOString(),
    status: reservation.status,
    createdAt: reservation.created_at.toISOString(),
    cancelledAt: reservation.cancelled_at?.toISOString() ?? null,
    links: { page: `/reservations/${reservation.public_id}/`, api: `/api/reservations/${reservation.public_id}/` },
  });
}
