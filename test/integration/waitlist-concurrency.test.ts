import { expect } from 'chai';
import * as reservations from '../../server/modules/waitlist/reservation-service';
import * as waitlist from '../../server/modules/waitlist/service';
import { localNow } from '../../shared/locations/hours';
import { addDays } from '../../shared/waitlist/local-time';
import type { DatabaseHandle } from '../../server/db';
import type { JoinRequest, BookingRequest } from '../../shared/schemas/waitlist';
import { clientOf, fingerprintOf } from '../../server/modules/idempotency/service';
import { solvedCaptchaWith } from '../helpers/captcha';
import { createTestDatabase } from '../helpers/database';
import { createTestLocation } from '../factories/location';

/**
 * Races that a check-then-insert would lose (run with TEST_DB=postgres for real parallel
 * transactions; PGlite runs them one at a time and must give the same answer).
 */
describe('wait list and reservations under concurrency', () => {
  // A pool as large as a few dynos' together, so the requests really overlap in the database.
  let t: DatabaseHandle;
  before(async function () {
    this.timeout(180_000); // migrating is slow on a busy machine
    t = await createTestDatabase({ poolSize: 20 });
  });
  after(async () => {
    await t?.close();
  });
  const joinInput = (input: Omit<JoinRequest, 'email' | 'note' | 'phone'> & { phone: string }): JoinRequest => ({
    email: undefined,
    note: undefined,
    ...input,
  });
  // The least work, as the test server asks of browsers.
  const captchaOptions = { secret: 'concurrency-test-secret-'.repeat(2), cost: 1, counter: [50, 100] as const };
  const captcha = async () => ({ options: captchaOptions, payload: await solvedCaptchaWith(captchaOptions) });
  // One after another: the solver gives up on a challenge it cannot finish in time on a busy machine.
  const captchas = async (n: number) => {
    const answers = [];
    for (let i = 0; i < n; i++) answers.push(await captcha());
    return answers;
  };
  const bookingInput = (
    input: Omit<BookingRequest, 'phone' | 'note' | 'email'> & { email: string },
  ): BookingRequest => ({ phone: undefined, note: undefined, ...input });

  it('gives 200 parallel joins to one restaurant 200 distinct, gapless positions', async function () {
    this.timeout(120_000);
    const loc = await createTestLocation(t.db);
    const answers = await captchas(200);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        waitlist.join(
          t.db,
          joinInput({
            rlid: loc.rlid,
            partySize: 1 + (i % 6),
            name: `Guest ${i}`,
            phone: `(407) 3${String(i).padStart(2, '0').slice(0, 2)}-${String(1000 + i)}`,
          }),
          { ip: `10.1.${Math.floor(i / 20)}.${i % 20}`, origin: 'http://localhost', captcha: answers[i]! },
        ),
      ),
    );
    const positions = results.map(({ entry }) => entry.position).sort((a, b) => a! - b!);
    expect(positions).to.deep.equal(Array.from({ length: 200 }, (_, i) => i + 1));
    const stored = await t.db
      .selectFrom('waitlist_entries')
      .select('position')
      .where('rlid', '=', loc.rlid)
      .orderBy('position')
      .execute();
    expect(stored.map((r) => r.position)).to.deep.equal(positions);
  });

  it('closes entries in parallel and keeps positions gapless', async function () {
    this.timeout(120_000);
    const loc = await createTestLocation(t.db);
    const entries = [];
    for (let i = 0; i < 30; i++) {
      entries.push(
        await waitlist.join(
          t.db,
          joinInput({ rlid: loc.rlid, partySize: 2, name: `G${i}`, phone: `(407) 410-${String(2000 + i)}` }),
          { ip: `10.2.0.${i}`, origin: 'http://localhost', captcha: await captcha() },
        ),
      );
    }
    const ids = await t.db.selectFrom('waitlist_entries').select('id').where('rlid', '=', loc.rlid).execute();
    await Promise.all(
      ids.filter((_, i) => i % 3 === 0).map((row) => waitlist.closeAs(t.db, loc.rlid, row.id, 'seated')),
    );
    const open = await t.db
      .selectFrom('waitlist_entries')
      .select('position')
      .where('rlid', '=', loc.rlid)
      .where('position', 'is not', null)
      .orderBy('position')
      .execute();
    expect(open.map((r) => r.position)).to.deep.equal(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('gives the last free place of a slot to exactly one of 50 parallel bookings', async function () {
    this.timeout(120_000);
    const loc = await createTestLocation(t.db);
    await t.db.insertInto('waitlist_settings').values({ rlid: loc.rlid, parties_per_slot: 2 }).execute();
    const date = addDays(localNow(new Date(), loc.time_zone).date, 2);
    const booking = (i: number) =>
      bookingInput({
        rlid: loc.rlid,
        date,
        time: '19:00',
        partySize: 2,
        name: `Booker ${i}`,
        email: `b${i}@example.com`,
      });
    await reservations.book(t.db, booking(999), {
      ip: '10.3.9.9',
      origin: 'http://localhost',
      captcha: await captcha(),
    });
    const answers = await captchas(50);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        reservations.book(t.db, booking(i), {
          ip: `10.3.${Math.floor(i / 10)}.${i % 10}`,
          origin: 'http://localhost',
          captcha: answers[i]!,
        }),
      ),
    );
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    expect(won).to.have.length(1);
    for (const lost of outcomes.filter((o) => o.status === 'rejected'))
      expect((lost.reason as { code?: string }).code).to.equal('slot_full');
    const booked = await t.db
      .selectFrom('reservations')
      .select('id')
      .where('rlid', '=', loc.rlid)
      .where('local_time', '=', '19:00')
      .where('status', '=', 'booked')
      .execute();
    expect(booked).to.have.length(2);
  });

  it('turns 20 parallel submits of one client with one key into one booking: the rest wait (409) or replay it', async function () {
    this.timeout(120_000);
    const loc = await createTestLocation(t.db);
    const date = addDays(localNow(new Date(), loc.time_zone).date, 3);
    const input = bookingInput({
      rlid: loc.rlid,
      date,
      time: '18:00',
      partySize: 2,
      name: 'Retry',
      email: 'retry@example.com',
    });
    const idempotency = {
      client: clientOf('one-browser-session'),
      key: 'same-submit-key',
      fingerprint: fingerprintOf('POST', '/api/reservations/', input),
    };
    const answers = await captchas(20);
    const outcomes = await Promise.allSettled(
      answers.map((answer, i) =>
        reservations.book(t.db, input, { ip: `10.4.0.${i}`, origin: 'http://localhost', captcha: answer, idempotency }),
      ),
    );
    const booked = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    expect(booked.filter((r) => !r.replayed)).to.have.length(1);
    expect(new Set(booked.map((r) => r.reservation.reservationId)).size).to.equal(1);
    for (const refused of outcomes.filter((o) => o.status === 'rejected'))
      expect((refused.reason as { code?: string }).code).to.equal('idempotency_key_in_progress');
    const rows = await t.db.selectFrom('reservations').select('id').where('rlid', '=', loc.rlid).execute();
    expect(rows).to.have.length(1);
  });
});
