import { randomBytes } from 'node:crypto';
import type { Db } from '../../db';
import { badRequest, HttpError, notFound } from '../../errors';
import { eventBusFor } from '../../events';
import { findByRlid } from '../locations/repo';
import type { LocationRow } from '../locations/table';
import { runOnce, type IdempotentRequest } from '../idempotency/service';
import * as rateLimits from '../rate-limits/service';
import {
  DEFAULT_MAX_PARTY_SIZE,
  DEFAULT_PARTY_SIZE,
  waitlistEntrySchema,
  waitlistStateSchema,
  type JoinRequest,
  type WaitEstimate,
  type WaitlistEntryView,
  type WaitlistState,
} from '../../../shared/schemas/waitlist';
import { addDays, localNow, zonedInstant } from '../../../shared/waitlist/local-time';
import { closedReason, estimateAt, estimateFor, snapshot, type QueueSnapshot } from './estimate-service';
import { firstName, normalisePhone, restaurantSummary } from './guest-contact';
import { languageColumns, type GuestLanguage } from './guest-language';
import { enqueueGuestMessage } from './notifications';
import { contactLimitReached, JOINS_PER_CONTACT_PER_DAY, requireCaptcha, type CaptchaCheck } from './guest-checks';
import * as repo from './repo';
import type { EntryStatus, WaitlistEntry } from './table';

/** Every dyno's host-stand screens and guest pages listen here; the payload is the rlid. */
export const WAITLIST_CHANNEL = 'waitlist_changed';

export const newPublicId = () => randomBytes(24).toString('base64url');

const isUniqueViolation = (error: unknown, constraint?: string) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: string }).code === '23505' &&
  (!constraint || (error as { constraint?: string }).constraint === constraint);

export async function requireLocation(db: Db, rlid: number): Promise<LocationRow> {
  const row = await findByRlid(db, rlid);
  if (!row) throw new HttpError(404, 'unknown_restaurant', `No restaurant has rlid ${rlid}.`);
  return row;
}

export const maxPartySize = (row: LocationRow) => row.wait_list_max_party_size ?? DEFAULT_MAX_PARTY_SIZE;

/** Tells every open screen (all dynos) that a restaurant's queue changed. Never fails the caller. */
export async function announce(db: Db, rlid: number): Promise<void> {
  try {
    await eventBusFor(db).publish(WAITLIST_CHANNEL, String(rlid));
  } catch {
    // Screens also poll; a lost signal only delays them.
  }
}

export async function estimate(
  db: Db,
  rlid: number,
  partySize = DEFAULT_PARTY_SIZE,
  now = new Date(),
): Promise<WaitEstimate> {
  const row = await requireLocation(db, rlid);
  if (partySize > maxPartySize(row)) throw partyTooLarge(row);
  return estimateFor(row, partySize, await snapshot(db, rlid), now);
}

export async function waitlistState(db: Db, rlid: number, now = new Date()): Promise<WaitlistState> {
  const row = await requireLocation(db, rlid);
  const snap = await snapshot(db, rlid);
  const reason = closedReason(row, snap.settings, now);
  return waitlistStateSchema.parse({
    rlid,
    waitListReady: !!row.wait_list_ready && !snap.settings?.paused,
    openNow: reason === null,
    paused: !!snap.settings?.paused,
    pauseReason: snap.settings?.paused ? (snap.settings.pause_reason ?? null) : null,
    waitListMaxPartySize: maxPartySize(row),
    partiesWaiting: snap.queue.length,
    estimate: estimateFor(row, DEFAULT_PARTY_SIZE, snap, now),
    restaurant: restaurantSummary(row),
  });
}

function partyTooLarge(row: LocationRow): HttpError {
  const max = maxPartySize(row);
  return badRequest(`Parties of more than ${max} cannot join the wait list online; please call the restaurant.`, {
    partySize: [`The largest party is ${max}`],
  });
}

function closedError(estimateValue: WaitEstimate): HttpError {
  if (estimateValue.available) throw new Error('not closed');
  return new HttpError(
    409,
    `waitlist_${estimateValue.reason.replace(/-/g, '_')}`,
    `The wait list is not taking parties: ${estimateValue.text}.`,
  );
}

export type JoinContext = {
  ip: string;
  origin: string;
  now?: Date;
  language?: GuestLanguage;
} & (
  | { source: 'walk_in' }
  | {
      source?: 'online';
      /** A guest's join carries the captcha's answer; the host stand's walk-ins do not. */
      captcha: CaptchaCheck;
      /** The client's Idempotency-Key, when it sent one. */
      idempotency?: IdempotentRequest | null;
    }
);

/**
 * Adds a party at the end of the line. A guest's join is checked in this order: the restaurant
 * and party size, the rate limits, the idempotency key (a retry gets the first answer), the
 * captcha. Then under the restaurant's row lock: the cap per contact and day, the one-open-entry-
 * per-phone rule, the next position (open entries + 1, so positions stay 1..n with no gaps), the
 * quote from the queue as it is, the entry, its history, its messages and the key's stored
 * answer, all in one transaction.
 */
export async function join(
  db: Db,
  input: JoinRequest,
  context: JoinContext,
): Promise<{ entry: WaitlistEntryView; replayed: boolean }> {
  const now = context.now ?? new Date();
  const row = await requireLocation(db, input.rlid);
  if (input.partySize > maxPartySize(row)) throw partyTooLarge(row);
  const phone = input.phone ? normalisePhone(input.phone, row.country) : null;
  const email = input.email ?? null;
  const online = context.source !== 'walk_in' ? context : null;
  if (online) await limit(db, context.ip, phone);

  const done = await runOnce<WaitlistEntryView>(db, online?.idempotency ?? null, async (record) => {
    if (online) await requireCaptcha(db, online.captcha);
    // Cheap checks before the lock; the unique index is what guarantees one open entry per phone.
    if (phone && (await repo.findOpenByPhone(db, row.rlid, phone))) throw alreadyInLine();
    const recent = (await snapshot(db, row.rlid)).recent;
    try {
      const view = await db.transaction().execute(async (trx) => {
        const settings = await repo.lockSettings(trx, row.rlid);
        // Walk-ins are added by the host even when the online list is paused.
        const reason = closedReason(row, settings, now);
        if (reason && !(!online && reason === 'paused')) {
          throw closedError({
            available: false,
            rlid: row.rlid,
            partySize: input.partySize,
            reason,
            text: reasonText(reason),
            computedAt: now.toISOString(),
          });
        }
        if (online) {
          const today = localNow(now, row.time_zone).date;
          const from = zonedInstant(today, '00:00', row.time_zone);
          const to = zonedInstant(addDays(today, 1), '00:00', row.time_zone);
          if ((await repo.countJoinsByContact(trx, row.rlid, { phone, email }, from, to)) >= JOINS_PER_CONTACT_PER_DAY)
            throw contactLimitReached('join', { phone });
        }
        // Under the lock the queue is exactly the open entries: the new one goes after them.
        const queue = (await repo.openQueues(trx, [row.rlid])).map((e) => ({
          party_size: e.party_size,
          position: e.position,
        }));
        const quote = estimateFor(row, input.partySize, { queue, recent, settings }, now);
        const source = online ? 'online' : 'walk_in';
        const created = await repo.insertEntry(trx, {
          public_id: newPublicId(),
          rlid: row.rlid,
          party_size: input.partySize,
          name: input.name,
          phone,
          email,
          note: input.note ?? null,
          source,
          status: 'waiting',
          position: queue.length + 1,
          quoted_minutes: quote.available ? quote.minutes : null,
          quoted_at: now,
          joined_at: now,
          ...languageColumns(context.language),
        });
        await repo.addEvents(trx, created.id, [
          { state: 'joined', detail: source },
          { state: 'quoted', detail: quote.available ? String(quote.minutes) : null },
        ]);
        await enqueueGuestMessage(trx, { entryId: created.id }, 'joined', created, context.origin);
        // The answer from what the lock already read: the queue with this party at its end.
        const entry = await entryView(trx, created, row, now, {
          queue: [...queue, { party_size: created.party_size, position: created.position! }],
          recent,
          settings,
        });
        await record(trx, { status: 201, body: entry });
        return entry;
      });
      return { status: 201, body: view };
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyInLine();
      throw error;
    }
  });
  if (!done.replayed) await announce(db, row.rlid);
  return { entry: done.body, replayed: done.replayed };
}

const alreadyInLine = () =>
  new HttpError(409, 'already_in_line', 'This phone number is already in line at this restaurant.', {
    phone: ['This phone number is already in line here'],
  });

function reasonText(reason: string): string {
  return (
    {
      'not-offered': 'Wait list not offered',
      'temporarily-closed': 'Temporarily closed',
      'dining-room-closed': 'Dining room closed',
      'outside-hours': 'Closed now',
      paused: 'Wait list paused',
    }[reason] ?? reason
  );
}

async function limit(db: Db, ip: string, phone: string | null): Promise<void> {
  const checks: [rateLimits.Limit, string][] = [[rateLimits.LIMITS.waitlistAddress, ip]];
  if (phone) checks.push([rateLimits.LIMITS.waitlistPhone, phone]);
  for (const [rule, key] of checks) {
    const reservation = await rateLimits.reserve(db, rule, key);
    if (!reservation.counted) {
      throw new HttpError(
        429,
        'rate_limited',
        `Too many attempts. Please try again in ${reservation.retryAfterSeconds} seconds.`,
      );
    }
  }
}

export async function entryByPublicId(db: Db, publicId: string, now = new Date()): Promise<WaitlistEntryView> {
  const entry = await repo.findEntryByPublicId(db, publicId);
  if (!entry) throw notFound('No wait-list entry has this id.');
  const row = await requireLocation(db, entry.rlid);
  return entryView(db, entry, row, now);
}

/** An entry as the guest sees it; `known` is the restaurant's queue when the caller has it already (under the lock). */
export async function entryView(
  db: Db,
  entry: WaitlistEntry,
  row: LocationRow,
  now = new Date(),
  known?: QueueSnapshot,
): Promise<WaitlistEntryView> {
  const open = entry.position !== null;
  const snap = open ? (known ?? (await snapshot(db, entry.rlid))) : null;
  const live = open && snap ? estimateAt(row, entry.party_size, entry.position!, snap, now) : null;
  return waitlistEntrySchema.parse({
    planAheadId: entry.public_id,
    rlid: entry.rlid,
    restaurant: restaurantSummary(row),
    name: firstName(entry.name),
    partySize: entry.party_size,
    status: entry.status,
    position: entry.position,
    partiesAhead: entry.position === null ? null : entry.position - 1,
    quotedMinutes: entry.quoted_minutes,
    quotedAt: entry.quoted_at?.toISOString() ?? null,
    joinedAt: entry.joined_at.toISOString(),
    notifiedAt: entry.notified_at?.toISOString() ?? null,
    closedAt: entry.closed_at?.toISOString() ?? null,
    estimate: live,
    links: {
      page: `/waitlist/${entry.public_id}/`,
      api: `/api/waitlist/${entry.public_id}/`,
      events: `/api/waitlist/${entry.public_id}/events/`,
    },
  });
}

/** The guest's 'Cancel my spot'. Cancelling a closed entry changes nothing and says so. */
export async function cancelByGuest(db: Db, publicId: string): Promise<WaitlistEntryView> {
  const entry = await repo.findEntryByPublicId(db, publicId);
  if (!entry) throw notFound('No wait-list entry has this id.');
  await closeAs(db, entry.rlid, entry.id, 'cancelled', 'guest');
  return entryByPublicId(db, publicId);
}

/** Closes an open entry (seated, cancelled, no-show, removed) and closes the gap in the line. */
export async function closeAs(
  db: Db,
  rlid: number,
  entryId: number,
  status: Exclude<EntryStatus, 'waiting' | 'notified'>,
  detail: string | null = null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await repo.lockSettings(trx, rlid);
    const entry = await repo.findEntryForUpdate(trx, entryId);
    if (!entry || entry.rlid !== rlid) throw notFound('No wait-list entry has this id.');
    if (entry.position === null)
      throw new HttpError(409, 'entry_closed', `This entry is already closed (${entry.status.replace('_', '-')}).`);
    await repo.closeEntry(trx, entry, status);
    await repo.addEvent(trx, entry.id, status, detail);
  });
  await announce(db, rlid);
}
