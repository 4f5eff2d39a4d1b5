import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../../db';
import type { JobHandler } from '../jobs/runner';
import { enqueueJob } from '../jobs/repo';
import type { Mailer } from '../mail/mailer';
import { findByRlid } from '../locations/repo';
import * as repo from './repo';
import * as reservationsRepo from './reservations-repo';
import { firstName, restaurantSummary } from './guest-contact';
import { catalogFor } from '../../../shared/i18n/catalogs';
import { createTranslator } from '../../../shared/i18n/translator';
import { slotLabel } from '../../../shared/waitlist/slot-label';

/**
 * Guest messages go through the jobs table (server/modules/jobs), enqueued in the same
 * transaction as the change they announce: a rolled-back join sends nothing, a committed one is
 * sent by whichever dyno claims the job, and a failed send is retried. The job carries ids, not
 * the message, so no contact detail outlives the 30-day purge in the jobs table.
 */

export type SmsMessage = { to: string; text: string };
export type SmsSender = { send(message: SmsMessage): Promise<void> };

/**
 * The SMS adapter. No provider is configured in this project: the development transport writes
 * each message as JSON to DATA_DIR/sms/ (like the mailer's file transport), and nothing outside
 * the process is contacted. A provider would be another implementation of SmsSender.
 */
export function createSmsSender(options: { dataDir: string }): SmsSender {
  const dir = smsDirectory(options.dataDir);
  return {
    async send(message) {
      await mkdir(dir, { recursive: true });
      const name = `${Date.now()}-${randomUUID()}.json`;
      const partial = join(dir, '..', `.${name}.partial`);
      await writeFile(partial, JSON.stringify({ ...message, at: new Date().toISOString() }), { mode: 0o600 });
      await rename(partial, join(dir, name));
    },
  };
}

export function smsDirectory(dataDir: string): string {
  return join(dataDir, 'sms');
}

export type GuestMessageKind = 'joined' | 'ready' | 'booked' | 'changed' | 'cancelled';

export const JOB_EMAIL = 'waitlist.email';
export const JOB_SMS = 'waitlist.sms';
export const JOB_PURGE = 'waitlist.purge';

/** Queues the message of `kind` for an entry or a reservation, inside the caller's transaction. */
export async function enqueueGuestMessage(
  trx: Db,
  target: { entryId: number } | { reservationId: number },
  kind: GuestMessageKind,
  contact: { email: string | null; phone: string | null },
  origin: string,
): Promise<void> {
  const payload = { ...target, kind, origin };
  if (contact.email) await enqueueJob(trx, { kind: JOB_EMAIL, payload, runAt: new Date() });
  if (contact.phone) await enqueueJob(trx, { kind: JOB_SMS, payload, runAt: new Date() });
}

type Rendered = { email: string | null; phone: string | null; subject: string; text: string } | null;

const RESERVATION_SUBJECTS = {
  booked: 'Your table at Harborline Seafood {place} is confirmed',
  changed: 'Your table at Harborline Seafood {place} has been changed',
  cancelled: 'Your table at Harborline Seafood {place} has been cancelled',
} as const;
const RESERVATION_BODIES = {
  booked: 'Your table for {count} on {date} at {time} is confirmed.',
  changed: 'Your table for {count} on {date} at {time} has been changed.',
  cancelled: 'Your table for {count} on {date} at {time} has been cancelled.',
} as const;

/** Messages speak the language the guest used, and link back to the page in it. */
const translatorOf = (languageCode: string) => createTranslator(catalogFor(languageCode));

async function render(db: Db, payload: Record<string, unknown>): Promise<Rendered> {
  const origin = typeof payload.origin === 'string' ? payload.origin : '';
  const kind = payload.kind as GuestMessageKind;
  if (typeof payload.entryId === 'number') {
    const entry = await repo.findEntry(db, payload.entryId);
    const location = entry && (await findByRlid(db, entry.rlid));
    if (!entry || !location || entry.anonymised_at) return null;
    const t = translatorOf(entry.language_code);
    const place = restaurantSummary(location).name;
    const link = `${origin}${entry.path_prefix}/waitlist/${entry.public_id}/`;
    const hello = t('Hello {name},', { values: { name: firstName(entry.name) } });
    if (kind === 'ready') {
      return {
        email: entry.email,
        phone: entry.phone,
        subject: t('Your table is ready at Harborline Seafood {place}', { values: { place } }),
        text: `${hello}\n\n${t('Your table for {count} is ready. Please come to the host stand.', { values: { count: entry.party_size } })}\n\n${link}`,
      };
    }
    const quote =
      entry.quoted_minutes === null
        ? ''
        : ` ${t('The quoted wait is about {minutes} minutes.', { values: { minutes: entry.quoted_minutes } })}`;
    const line = t('You are number {position} in line for {count}.', {
      values: { position: entry.position ?? '-', count: entry.party_size },
    });
    return {
      email: entry.email,
      phone: entry.phone,
      subject: t('You are on the wait list at Harborline Seafood {place}', { values: { place } }),
      text: `${hello}\n\n${line}${quote}\n\n${t('Follow your place or cancel: {link}', { values: { link } })}`,
    };
  }
  if (typeof payload.reservationId === 'number') {
    const reservation = await reservationsRepo.findById(db, payload.reservationId);
    const location = reservation && (await findByRlid(db, reservation.rlid));
    if (!reservation || !location || reservation.anonymised_at) return null;
    const t = translatorOf(reservation.language_code);
    const place = restaurantSummary(location).name;
    const link = `${origin}${reservation.path_prefix}/reservations/${reservation.public_id}/`;
    const what = kind === 'cancelled' || kind === 'changed' ? kind : 'booked';
    const when = {
      date: reservation.local_date,
      time: slotLabel(reservation.language_code, reservation.local_time, reservation.local_time),
    };
    return {
      email: reservation.email,
      phone: reservation.phone,
      subject: t(RESERVATION_SUBJECTS[what], { values: { place } }),
      text: `${t('Hello {name},', { values: { name: firstName(reservation.name) } })}\n\n${t(RESERVATION_BODIES[what], { values: { count: reservation.party_size, ...when } })}\n\n${t('View, change or cancel: {link}', { values: { link } })}`,
    };
  }
  return null;
}

/** Job handlers of this module, for the runner of every dyno (server/main.ts). */
export function waitlistJobHandlers(deps: { mailer: Mailer; sms: SmsSender }): Map<string, JobHandler> {
  return new Map<string, JobHandler>([
    [
      JOB_EMAIL,
      async (db, payload) => {
        const message = await render(db, payload);
        if (message?.email) await deps.mailer.send({ to: message.email, subject: message.subject, text: message.text });
      },
    ],
    [
      JOB_SMS,
      async (db, payload) => {
        const message = await render(db, payload);
        if (message?.phone)
          await deps.sms.send({
            to: message.phone,
            text: `${message.subject}. ${message.text.split('\n\n').slice(1).join(' ')}`,
          });
      },
    ],
    [
      JOB_PURGE,
      async (db) => {
        await purgeGuestData(db);
        await schedulePurge(db, new Date(Date.now() + 24 * 60 * 60 * 1000));
      },
    ],
  ]);
}

/** Days after an entry closes (or a reservation's day passes) before its guest details go. */
export const RETENTION_DAYS = 30;

export async function purgeGuestData(db: Db): Promise<{ entries: number; reservations: number }> {
  return {
    entries: await repo.anonymiseClosedEntries(db, RETENTION_DAYS),
    reservations: await reservationsRepo.anonymiseOldReservations(db, RETENTION_DAYS),
  };
}

/** Keeps exactly one pending purge job (every dyno calls this at start; the dedupe key keeps one). */
export async function schedulePurge(db: Db, runAt = new Date(Date.now() + 60_000)): Promise<void> {
  await enqueueJob(db, { kind: JOB_PURGE, payload: {}, runAt, dedupeKey: JOB_PURGE });
}
