import type { Db } from '../../db';
import { badRequest, HttpError, notFound } from '../../errors';
import { localNow } from '../../../shared/locations/hours';
import type { LocationRow } from '../locations/table';
import type { HostQueueRow } from '../../../shared/schemas/waitlist';
import { bandOf } from '../../../shared/waitlist/estimate';
import { formatPhone } from '../../../shared/phone/phone-number';
import { estimateAt, snapshot } from './estimate-service';
import { enqueueGuestMessage } from './notifications';
import * as permissionsRepo from './permissions-repo';
import * as repo from './repo';
import * as reservationsRepo from './reservations-repo';
import { announce, join, requireLocation } from './service';
import type { WaitlistSettings } from './table';

/**
 * The host stand (issue 14): who may run which restaurant's wait list, the live queue and the
 * staff's actions on it, today's reservations, settings and the quoted-vs-actual report.
 */

type StaffUser = { id: number; is_superuser: boolean };

/** The restaurants a user may manage: every one for a superuser, else the ones their groups were given. */
export async function manageableRlids(db: Db, user: StaffUser): Promise<'all' | number[]> {
  if (user.is_superuser) return 'all';
  const grants = await permissionsRepo.grantsOfUser(db, user.id);
  if (grants.some((g) => g.rlid === null)) return 'all';
  return grants.map((g) => g.rlid!).filter((rlid) => rlid !== null);
}

export async function requireHostAccess(db: Db, user: StaffUser, rlid: number): Promise<LocationRow> {
  const allowed = await manageableRlids(db, user);
  if (allowed !== 'all' && !allowed.includes(rlid))
    throw new HttpError(403, 'forbidden', 'You may not manage the wait list of this restaurant.');
  return requireLocation(db, rlid);
}

export async function restaurantsFor(db: Db, user: StaffUser, q: string) {
  const allowed = await manageableRlids(db, user);
  return permissionsRepo.listRestaurants(db, allowed === 'all' ? null : allowed, q);
}

export async function hostStand(db: Db, row: LocationRow, now = new Date()) {
  const [entries, snap, settings] = await Promise.all([
    repo.listOpen(db, row.rlid),
    snapshot(db, row.rlid),
    repo.findSettings(db, row.rlid),
  ]);
  const queue: HostQueueRow[] = entries.map((entry) => {
    const estimate = estimateAt(
      { ...row, wait_list_ready: true },
      entry.party_size,
      entry.position!,
      { ...snap, settings: settings ? { ...settings, paused: false } : undefined },
      now,
    );
    return {
      id: entry.id,
      position: entry.position!,
      name: entry.name,
      partySize: entry.party_size,
      // Printed as people read it; rows from before normalisation print as typed.
      phone: entry.phone ? formatPhone(entry.phone) : null,
      email: entry.email,
      note: entry.note,
      source: entry.source,
      status: entry.status,
      joinedAt: entry.joined_at,
      quotedMinutes: entry.quoted_minutes,
      notifiedAt: entry.notified_at,
      estimateMinutes: estimate.available ? estimate.minutes : null,
      waitedMinutes: Math.max(0, Math.round((now.getTime() - entry.joined_at.getTime()) / 60000)),
    };
  });
  const today = localNow(now, row.time_zone).date;
  return {
    queue,
    bands: {
      small: queue.filter((q) => bandOf(q.partySize) === 'small').length,
      medium: queue.filter((q) => bandOf(q.partySize) === 'medium').length,
      large: queue.filter((q) => bandOf(q.partySize) === 'large').length,
    },
    settings: settings ?? null,
    reservations: (await reservationsRepo.bookedOn(db, row.rlid, today)).map((booking) => ({
      ...booking,
      phone: booking.phone ? formatPhone(booking.phone) : null,
    })),
    today,
    report: await repo.quotedVsActual(db, row.rlid, row.time_zone, 14),
  };
}

export async function addWalkIn(
  db: Db,
  rlid: number,
  input: { partySize: number; name: string; phone?: string; email?: string; note?: string },
  origin: string,
) {
  const { entry } = await join(
    db,
    { rlid, partySize: input.partySize, name: input.name, phone: input.phone, email: input.email, note: input.note },
    { ip: 'host-stand', origin, source: 'walk_in' },
  );
  return entry;
}

export type HostAction = 'notify' | 'seat' | 'no-show' | 'remove' | 'up' | 'down';

export async function act(db: Db, rlid: number, entryId: number, action: HostAction, origin: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await repo.lockSettings(trx, rlid);
    const entry = await repo.findEntryForUpdate(trx, entryId);
    if (!entry || entry.rlid !== rlid) throw notFound('No wait-list entry has this id.');
    if (entry.position === null) throw new HttpError(409, 'entry_closed', 'This party is no longer in line.');
    if (action === 'notify') {
      await repo.markNotified(trx, entry.id);
      await repo.addEvent(trx, entry.id, 'notified');
      await enqueueGuestMessage(trx, { entryId: entry.id }, 'ready', entry, origin);
    } else if (action === 'up' || action === 'down') {
      const open = await repo.countOpen(trx, rlid);
      const to = Math.min(open, Math.max(1, entry.position + (action === 'up' ? -1 : 1)));
      await repo.moveEntry(trx, { ...entry, position: entry.position }, to);
      await repo.addEvent(trx, entry.id, 'moved', `${entry.position}->${to}`);
    } else {
      const status = action === 'seat' ? 'seated' : action === 'no-show' ? 'no_show' : 'removed';
      await repo.closeEntry(trx, entry, status);
      await repo.addEvent(trx, entry.id, status, 'host');
    }
  });
  await announce(db, rlid);
}

export const DEFAULT_SETTINGS = {
  paused: false,
  pause_reason: null,
  turn_minutes_small: 45,
  turn_minutes_medium: 60,
  turn_minutes_large: 75,
  tables_small: 10,
  tables_medium: 8,
  tables_large: 3,
  slot_minutes: 30,
  parties_per_slot: 4,
};

export async function setPause(db: Db, rlid: number, paused: boolean, reason: string | null): Promise<void> {
  if (paused && !reason)
    throw badRequest('Please give a reason for pausing the wait list.', { reason: ['A reason is required'] });
  await db.transaction().execute(async (trx) => {
    await repo.lockSettings(trx, rlid);
    await repo.updateSettings(trx, rlid, { paused, pause_reason: paused ? reason : null });
  });
  await announce(db, rlid);
}

export type HostSettings = Pick<
  WaitlistSettings,
  | 'turn_minutes_small'
  | 'turn_minutes_medium'
  | 'turn_minutes_large'
  | 'tables_small'
  | 'tables_medium'
  | 'tables_large'
  | 'slot_minutes'
  | 'parties_per_slot'
>;

export async function saveSettings(db: Db, rlid: number, values: HostSettings): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await repo.lockSettings(trx, rlid);
    await repo.updateSettings(trx, rlid, values);
  });
  await announce(db, rlid);
}

export async function grantAccess(db: Db, groupId: number, rlid: number | null): Promise<void> {
  if (rlid !== null) await requireLocation(db, rlid);
  await permissionsRepo.grant(db, groupId, rlid);
}

export async function revokeAccess(db: Db, grantId: number): Promise<void> {
  await permissionsRepo.revoke(db, grantId);
}

export function listGrants(db: Db) {
  return permissionsRepo.listGrants(db);
}

export function listGroups(db: Db) {
  return permissionsRepo.listGroups(db);
}
