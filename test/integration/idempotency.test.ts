import { expect } from 'chai';
import { signedCookie } from 'cookie-parser';
import request from 'supertest';
import { claim } from '../../server/modules/idempotency/repo';
import {
  clientOf,
  fingerprintOf,
  idempotencyJobHandlers,
  JOB_PURGE_KEYS,
  KEY_LIFETIME_MS,
  purgeExpiredKeys,
  runOnce,
} from '../../server/modules/idempotency/service';
import { withoutControlFields } from '../../server/modules/waitlist/routes';
import { localNow } from '../../shared/locations/hours';
import { bookingRequestSchema } from '../../shared/schemas/waitlist';
import { addDays } from '../../shared/waitlist/local-time';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';
import { guestClient, type GuestClient } from '../helpers/guest-client';
import { createTestLocation } from '../factories/location';

/**
 * Idempotency-Key as draft-ietf-httpapi-idempotency-key-header defines it (docs/security.md):
 * keys belong to one client and one request; validation and rate limits come first; answers
 * are kept 24 hours. Each test here failed against the old global key lookup.
 */
describe('Idempotency-Key on bookings and wait-list joins', () => {
  let t: TestApp;
  useTestApp({ env: { TRUST_PROXY: '1' } }, (suite) => ({ t } = suite));

  let address = 0;
  const nextAddress = () => `10.77.${Math.floor(address / 200)}.${(address++ % 200) + 1}`;
  const tomorrow = (timeZone: string) => addDays(localNow(new Date(), timeZone).date, 1);
  const booking = (rlid: number, date: string, extra: Record<string, unknown> = {}) => ({
    rlid,
    date,
    time: '19:00',
    partySize: 2,
    name: 'Grace Hopper',
    email: 'grace@example.com',
    ...extra,
  });
  /** Books as a guest's browser would (a new captcha answer each time) and checks the status. */
  const book = async (guest: GuestClient, key: string | null, body: Record<string, unknown>, status: number) => {
    const req = guest.agent.post('/api/reservations/').set('X-Forwarded-For', nextAddress());
    if (key) req.set('Idempotency-Key', key);
    const res = await req.send({ ...body, captcha: await guest.captcha() });
    expect(res.status, res.text.slice(0, 300)).to.equal(status);
    return res;
  };
  const reservationsAt = async (rlid: number) =>
    t.db.selectFrom('reservations').select(['public_id', 'name']).where('rlid', '=', rlid).execute();
  /** The client a guest's keys belong to, as the server derives it from the signed session cookie. */
  const clientOfGuest = (guest: GuestClient) => {
    const id = signedCookie(decodeURIComponent(guest.sessionCookie), t.config.sessionSecret);
    if (typeof id !== 'string') throw new Error('the session cookie is not signed with the app secret');
    return clientOf(id);
  };
  const fingerprintOfBooking = (body: Record<string, unknown>) =>
    fingerprintOf('POST', '/api/reservations/', withoutControlFields(bookingRequestSchema.parse(body)));

  it("never answers another client's key with the first booking: the other client gets its own", async () => {
    const loc = await createTestLocation(t.db);
    const date = tomorrow(loc.time_zone);
    const owner = await guestClient(t.app);
    const first = await book(owner, 'shared-key-0001', booking(loc.rlid, date), 201);

    // Another browser reuses the key with a body of its own: a booking of its own, nothing of the first.
    const intruder = await guestClient(t.app);
    const other = await book(
      intruder,
      'shared-key-0001',
      booking(loc.rlid, date, { name: 'Mallory', email: 'mallory@example.com', time: '20:00' }),
      201,
    );
    expect(other.body.reservationId).to.not.equal(first.body.reservationId);
    expect(other.body.name).to.equal('Mallory');
    expect(JSON.stringify(other.body)).to.not.contain('Grace');
    expect(other.headers['idempotent-replayed']).to.equal(undefined);

    // Even the very same body from another client is another client's request.
    const copy = await book(intruder, 'shared-key-0002', booking(loc.rlid, date), 201);
    const copyAgain = await book(await guestClient(t.app), 'shared-key-0002', booking(loc.rlid, date), 201);
    expect(copyAgain.body.reservationId).to.not.equal(copy.body.reservationId);

    // A client without a session cannot use a key at all (it could not be told apart from others).
    const anonymous = await request(t.app)
      .post('/api/reservations/')
      .set('X-Forwarded-For', nextAddress())
      .set('Idempotency-Key', 'shared-key-0001')
      .send({ ...booking(loc.rlid, date), captcha: await owner.captcha() })
      .expect(400);
    expect(anonymous.body.error.code).to.equal('idempotency_client_unknown');
    expect(JSON.stringify(anonymous.body)).to.not.contain(first.body.reservationId);
    // The first booking is untouched.
    const fetched = await request(t.app).get(`/api/reservations/${first.body.reservationId}/`).expect(200);
    expect(fetched.body).to.include({ status: 'booked', name: 'Grace' });
  });

  it('answers 422 when the same client sends the same key with another body, and books nothing', async () => {
    const loc = await createTestLocation(t.db);
    const date = tomorrow(loc.time_zone);
    const guest = await guestClient(t.app);
    await book(guest, 'my-key-00000001', booking(loc.rlid, date), 201);
    const changed = await book(guest, 'my-key-00000001', booking(loc.rlid, date, { time: '20:00' }), 422);
    expect(changed.body.error.code).to.equal('idempotency_key_reused');
    // The draft's sf-string form of the same key is the same key.
    await book(guest, '"my-key-00000001"', booking(loc.rlid, date, { partySize: 3 }), 422);
    // The same request again is a replay (the captcha answer differs: it is not part of the request).
    const replay = await book(guest, '"my-key-00000001"', booking(loc.rlid, date), 201);
    expect(replay.headers['idempotent-replayed']).to.equal('true');
    expect(await reservationsAt(loc.rlid)).to.have.length(1);
  });

  it('answers 409 while the first request with the key is still running, and runs it once', async () => {
    const loc = await createTestLocation(t.db);
    const date = tomorrow(loc.time_zone);
    const guest = await guestClient(t.app);
    const body = booking(loc.rlid, date);
    const held = { client: clientOfGuest(guest), key: 'in-flight-key-01', fingerprint: fingerprintOfBooking(body) };
    // The first request of this client and key is in progress (held open here) when the retry arrives.
    let finish!: () => void;
    const answer = { reservationId: 'held-answer', links: { api: '/api/reservations/held-answer/' } };
    const first = runOnce(
      t.db,
      held,
      () =>
        new Promise<{ status: number; body: typeof answer }>((resolve) => {
          finish = () => resolve({ status: 201, body: answer });
        }),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    const conflict = await book(guest, 'in-flight-key-01', body, 409);
    expect(conflict.body.error.code).to.equal('idempotency_key_in_progress');
    finish();
    expect((await first).replayed).to.equal(false);
    // Once it finished, the retry gets its answer.
    const replay = await book(guest, 'in-flight-key-01', body, 201);
    expect(replay.body).to.deep.equal(answer);
    expect(replay.headers.location).to.equal(answer.links.api);
    expect(await reservationsAt(loc.rlid)).to.have.length(0);
  });

  it('takes over a claim whose holder died (past the lease), for the same request only', async () => {
    const loc = await createTestLocation(t.db);
    const date = tomorrow(loc.time_zone);
    const guest = await guestClient(t.app);
    const body = booking(loc.rlid, date);
    const longAgo = new Date(Date.now() - 5 * 60_000);
    await claim(t.db, {
      client: clientOfGuest(guest),
      key: 'orphaned-key-001',
      fingerprint: fingerprintOfBooking(body),
      holder: 'a-process-that-died',
      now: longAgo,
      expiresAt: new Date(longAgo.getTime() + KEY_LIFETIME_MS),
      abandonedBefore: new Date(longAgo.getTime() - 60_000),
    });
    await book(guest, 'orphaned-key-001', booking(loc.rlid, date, { time: '20:00' }), 422);
    await book(guest, 'orphaned-key-001', body, 201);
    expect(await reservationsAt(loc.rlid)).to.have.length(1);
  });

  it('validates the request and counts the rate limits before it looks the key up', async () => {
    const loc = await createTestLocation(t.db);
    const date = tomorrow(loc.time_zone);
    const guest = await guestClient(t.app);
    await book(guest, 'checked-key-0001', booking(loc.rlid, date), 201);
    // An invalid request with a spent key is refused for what it is, not answered from the key.
    const invalid = await book(guest, 'checked-key-0001', booking(loc.rlid, date, { partySize: 0 }), 400);
    expect(invalid.body.error.fields).to.have.property('partySize');
    const pastDate = await book(guest, 'checked-key-0001', booking(loc.rlid, addDays(date, -3)), 400);
    expect(pastDate.body.error.fields).to.have.property('date');
    // A rate-limited address gets 429 even for a request the key would replay.
    const replayFrom = (ip: string) =>
      guest.captcha().then((captcha) =>
        guest.agent
          .post('/api/reservations/')
          .set('X-Forwarded-For', ip)
          .set('Idempotency-Key', 'checked-key-0001')
          .send({ ...booking(loc.rlid, date), captcha }),
      );
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await replayFrom('10.78.0.1')).status);
    expect(statuses).to.include(201);
    expect(statuses.at(-1)).to.equal(429);
    expect(await reservationsAt(loc.rlid)).to.have.length(1);
  });

  it('keeps a key 24 hours: then a purge job deletes it, and the key is free again', async () => {
    const loc = await createTestLocation(t.db);
    const date = tomorrow(loc.time_zone);
    const guest = await guestClient(t.app);
    await book(guest, 'expiring-key-001', booking(loc.rlid, date), 201);
    const row = await t.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('key', '=', 'expiring-key-001')
      .executeTakeFirstOrThrow();
    const lifetime = row.expires_at.getTime() - row.claimed_at.getTime();
    expect(lifetime).to.equal(24 * 60 * 60 * 1000);
    // An hour before its end it stays; past its end it goes.
    expect(await purgeExpiredKeys(t.db, new Date(row.expires_at.getTime() - 3_600_000))).to.equal(0);
    expect(await purgeExpiredKeys(t.db, new Date(row.expires_at.getTime() + 1000))).to.be.at.least(1);
    expect(
      await t.db.selectFrom('idempotency_keys').select('id').where('key', '=', 'expiring-key-001').execute(),
    ).to.have.length(0);
    // An expired key that was not purged yet is also free: a new request with it runs.
    const request = { client: 'session:expiry-test', key: 'expired-unpurged', fingerprint: 'a' };
    const past = new Date(Date.now() - KEY_LIFETIME_MS - 60_000);
    await runOnce(t.db, request, async () => ({ status: 201, body: 'first' }), past);
    const again = await runOnce(t.db, { ...request, fingerprint: 'b' }, async () => ({ status: 201, body: 'second' }));
    expect(again).to.deep.include({ body: 'second', replayed: false });
    // The purge job runs hourly and schedules its next run.
    await idempotencyJobHandlers().get(JOB_PURGE_KEYS)!(t.db, {});
    const next = await t.db
      .selectFrom('jobs')
      .select(['run_at'])
      .where('kind', '=', JOB_PURGE_KEYS)
      .where('status', '=', 'pending')
      .execute();
    expect(next).to.have.length(1);
    expect(next[0]!.run_at.getTime()).to.be.greaterThan(Date.now() + 50 * 60_000);
  });

  it('frees the key when the booking is refused, so the corrected request can use it', async () => {
    const loc = await createTestLocation(t.db);
    await t.db.insertInto('waitlist_settings').values({ rlid: loc.rlid, parties_per_slot: 1 }).execute();
    const date = tomorrow(loc.time_zone);
    await book(await guestClient(t.app), null, booking(loc.rlid, date, { email: 'first@example.com' }), 201);
    const guest = await guestClient(t.app);
    const full = await book(guest, 'corrected-key-01', booking(loc.rlid, date), 409);
    expect(full.body.error.code).to.equal('slot_full');
    await book(guest, 'corrected-key-01', booking(loc.rlid, date, { time: '20:00' }), 201);
  });

  it('makes wait-list joins idempotent too (header from scripts, hidden field from the page)', async () => {
    const loc = await createTestLocation(t.db);
    const guest = await guestClient(t.app);
    const join = async (key: string, status: number, extra: Record<string, unknown> = {}) => {
      const res = await guest.agent
        .post('/api/waitlist/')
        .set('X-Forwarded-For', nextAddress())
        .set('Idempotency-Key', key)
        .send({
          rlid: loc.rlid,
          partySize: 2,
          name: 'Ada Lovelace',
          phone: '(407) 257-4242',
          captcha: await guest.captcha(),
          ...extra,
        });
      expect(res.status, res.text.slice(0, 300)).to.equal(status);
      return res;
    };
    const first = await join('join-key-000001', 201);
    const retry = await join('join-key-000001', 201);
    expect(retry.headers['idempotent-replayed']).to.equal('true');
    expect(retry.body.planAheadId).to.equal(first.body.planAheadId);
    expect((await join('join-key-000001', 422, { partySize: 4 })).body.error.code).to.equal('idempotency_key_reused');
    // Another client with the key: its own request (here refused: that phone is already in line).
    const other = await guestClient(t.app);
    const intruder = await other.agent
      .post('/api/waitlist/')
      .set('X-Forwarded-For', nextAddress())
      .set('Idempotency-Key', 'join-key-000001')
      .send({ rlid: loc.rlid, partySize: 2, name: 'Mallory', phone: '(407) 257-4242', captcha: await other.captcha() })
      .expect(409);
    expect(intruder.body.error.code).to.equal('already_in_line');
    expect(JSON.stringify(intruder.body)).to.not.contain(first.body.planAheadId);
  });
});
