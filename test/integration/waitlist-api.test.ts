import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import { expect } from 'chai';
import { sql } from 'kysely';
import request from 'supertest';
import { runDueJobs } from '../../server/modules/jobs/runner';
import { createMailer, mailDirectory } from '../../server/modules/mail/mailer';
import {
  createSmsSender,
  purgeGuestData,
  smsDirectory,
  waitlistJobHandlers,
} from '../../server/modules/waitlist/notifications';
import { localNow } from '../../shared/locations/hours';
import { addDays, zonedInstant } from '../../shared/waitlist/local-time';
import { catalogFor } from '../../shared/i18n/catalogs';
import { createTranslator } from '../../shared/i18n/translator';
import { firstBookableDate } from '../../server/modules/waitlist/reservation-service';
import { addWalkIn } from '../../server/modules/waitlist/host-service';
import { captchaOptions } from '../../server/modules/forms/captcha-settings';
import { solvedCaptchaWith } from '../helpers/captcha';
import { guestClient } from '../helpers/guest-client';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';
import { createTestLocation } from '../factories/location';

/** Distinct valid US mobile numbers for the tests. */
let phoneCounter = 2_000_000;
const nextPhone = () => `(407) ${String(phoneCounter++).slice(0, 3)}-${String(phoneCounter).slice(3)}`;

describe('wait list and reservations API', () => {
  let t: TestApp;
  useTestApp({ env: { TRUST_PROXY: '1' } }, (suite) => ({ t } = suite));

  // Every guest's join and booking carries a solved captcha (each accepted once): a few are
  // solved before each test, with the app's own key, so the requests below stay one-liners.
  let captchas: string[] = [];
  beforeEach(async function () {
    this.timeout(60_000);
    captchas = [];
    for (let i = 0; i < 24; i++) captchas.push(await solvedCaptchaWith(captchaOptions(t.config)));
  });
  const captcha = () => {
    const answer = captchas.pop();
    if (!answer) throw new Error('this test needs more solved captchas');
    return answer;
  };

  let address = 0;
  const join = (body: Record<string, unknown>, ip = `10.0.0.${(address++ % 200) + 1}`) =>
    request(t.app)
      .post('/api/waitlist/')
      .set('X-Forwarded-For', ip)
      .send({ captcha: captcha(), ...body });
  const guest = (rlid: number, extra: Record<string, unknown> = {}) => ({
    rlid,
    partySize: 2,
    name: 'Ada Lovelace',
    phone: nextPhone(),
    ...extra,
  });

  describe('the date a booking form opens on', () => {
    it('is today while a time is left to book, tomorrow after the last one, and the API uses it when no date is given', async () => {
      const loc = await createTestLocation(t.db, {
        hours: JSON.stringify([0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, open: '11:00', close: '21:00' }))),
      });
      const today = localNow(new Date(), loc.time_zone).date;
      expect(await firstBookableDate(t.db, loc.rlid, zonedInstant(today, '12:00', loc.time_zone))).to.equal(today);
      expect(await firstBookableDate(t.db, loc.rlid, zonedInstant(today, '23:30', loc.time_zone))).to.equal(
        addDays(today, 1),
      );
      const opened = await request(t.app)
        .get(`/api/reservations/availability/?rlid=${loc.rlid}&partySize=2`)
        .expect(200);
      expect(opened.body.date).to.equal(await firstBookableDate(t.db, loc.rlid));
      expect(opened.body.slots.length).to.be.greaterThan(0);
      await request(t.app).get(`/api/reservations/availability/?rlid=${loc.rlid}&date=tomorrow`).expect(400);
    });
  });

  describe('wait-list state and estimate', () => {
    it('gives the state of a ready restaurant, and an estimate that grows with the queue and the turn times', async () => {
      const loc = await createTestLocation(t.db);
      const state = await request(t.app).get(`/api/location/getwaitlist/?rlid=${loc.rlid}`).expect(200);
      expect(state.body).to.include({
        rlid: loc.rlid,
        waitListReady: true,
        openNow: true,
        paused: false,
        waitListMaxPartySize: 8,
        partiesWaiting: 0,
      });
      expect(state.body.estimate).to.include({ available: true, minutes: 0, text: 'No wait' });

      // One small table turning every 45 minutes: each party of two ahead adds 45 minutes.
      await t.db
        .insertInto('waitlist_settings')
        .values({ rlid: loc.rlid, tables_small: 1, turn_minutes_small: 45 })
        .execute();
      for (let i = 0; i < 3; i++) await join(guest(loc.rlid)).expect(201);
      const estimate = await request(t.app).get(`/api/waitlist/estimate/?rlid=${loc.rlid}&partySize=2`).expect(200);
      expect(estimate.body).to.include({ available: true, partiesAhead: 3, minutes: 135, text: '2 h 15 min' });
      // A party of six needs another band of tables: nobody of its size is ahead.
      const large = await request(t.app).get(`/api/waitlist/estimate/?rlid=${loc.rlid}&partySize=6`).expect(200);
      expect(large.body).to.include({ available: true, partiesAhead: 0, minutes: 0 });

      // The location API's "Current wait" is the same computation, not the imported string.
      const location = await request(t.app).get(`/api/location/getlocation?rlid=${loc.rlid}`).expect(200);
      expect(location.body.estimatedWaitTime).to.equal('2 h 15 min');
      expect(location.body.waitListReady).to.equal(true);
    });

    it('says why there is no number when the restaurant is outside its hours in its own time zone', async () => {
      // Open only on a weekday that is not today in Tokyo.
      const tokyoDay = new Date(`${localNow(new Date(), 'Asia/Tokyo').date}T12:00:00Z`).getUTCDay();
      const otherDay = (tokyoDay + 3) % 7;
      const loc = await createTestLocation(t.db, {
        time_zone: 'Asia/Tokyo',
        hours: JSON.stringify([{ dayOfWeek: otherDay, open: '11:00', close: '22:00' }]),
      });
      const estimate = await request(t.app).get(`/api/waitlist/estimate/?rlid=${loc.rlid}`).expect(200);
      expect(estimate.body).to.include({ available: false, reason: 'outside-hours', text: 'Closed now' });
      const location = await request(t.app).get(`/api/location/getlocation?rlid=${loc.rlid}`).expect(200);
      expect(location.body.estimatedWaitTime).to.equal('Closed now');
      const refused = await join(guest(loc.rlid)).expect(409);
      expect(refused.body.error.code).to.equal('waitlist_outside_hours');
      expect(await countEntries(loc.rlid)).to.equal(0);
    });

    it('answers bad queries and unknown restaurants clearly', async () => {
      await request(t.app).get('/api/location/getwaitlist/').expect(400);
      await request(t.app).get('/api/location/getwaitlist/?rlid=abc').expect(400);
      const unknown = await request(t.app).get('/api/location/getwaitlist/?rlid=123456789').expect(404);
      expect(unknown.body.error.code).to.equal('unknown_restaurant');
      const loc = await createTestLocation(t.db);
      await request(t.app).get(`/api/waitlist/estimate/?rlid=${loc.rlid}&partySize=0`).expect(400);
      const tooBig = await request(t.app).get(`/api/waitlist/estimate/?rlid=${loc.rlid}&partySize=9`).expect(400);
      expect(tooBig.body.error.fields.partySize).to.have.length(1);
      await request(t.app).get(`/api/waitlist/estimate/?rlid=${loc.rlid}&extra=1`).expect(400);
    });
  });

  describe('joining', () => {
    it('creates a plan-ahead entry with an unguessable id, no contact details in it, and its history', async () => {
      const loc = await createTestLocation(t.db);
      const res = await join(guest(loc.rlid, { email: 'ada@example.com', note: 'High chair please' })).expect(201);
      expect(res.body.planAheadId).to.match(/^[A-Za-z0-9_-]{32}$/);
      expect(res.headers.location).to.equal(`/api/waitlist/${res.body.planAheadId}/`);
      expect(res.body).to.include({
        status: 'waiting',
        position: 1,
        partiesAhead: 0,
        name: 'Ada',
        partySize: 2,
        quotedMinutes: 0,
      });
      expect(res.body.quotedAt).to.be.a('string');
      const text = JSON.stringify(res.body);
      expect(text).to.not.contain('ada@example.com');
      expect(text).to.not.contain('Lovelace');
      expect(text).to.not.contain('High chair');
      const fetched = await request(t.app).get(`/api/waitlist/${res.body.planAheadId}/`).expect(200);
      expect(fetched.body.planAheadId).to.equal(res.body.planAheadId);
      const entry = await t.db
        .selectFrom('waitlist_entries')
        .selectAll()
        .where('public_id', '=', res.body.planAheadId)
        .executeTakeFirstOrThrow();
      expect(entry.phone).to.match(/^\+1407\d{7}$/);
      const events = await t.db
        .selectFrom('waitlist_entry_events')
        .select('state')
        .where('entry_id', '=', entry.id)
        .orderBy('id')
        .execute();
      expect(events.map((e) => e.state)).to.deep.equal(['joined', 'quoted']);
      // The confirmation went to the jobs table in the same transaction: one e-mail, one SMS.
      const jobs = await t.db
        .selectFrom('jobs')
        .select(['kind', 'payload'])
        .where('kind', 'in', ['waitlist.email', 'waitlist.sms'])
        .execute();
      const mine = jobs.filter((j) => (j.payload as { entryId?: number }).entryId === entry.id);
      expect(mine.map((j) => j.kind).sort()).to.deep.equal(['waitlist.email', 'waitlist.sms']);
    });

    it('refuses bad input with a clear error and stores nothing', async () => {
      const loc = await createTestLocation(t.db);
      const cases: [Record<string, unknown>, number, string][] = [
        [guest(loc.rlid, { partySize: 9 }), 400, 'partySize'],
        [guest(loc.rlid, { partySize: 0 }), 400, 'partySize'],
        [guest(loc.rlid, { phone: '12345' }), 400, 'phone'],
        [guest(loc.rlid, { phone: '+44 20 7946 0958' }), 400, 'phone'],
        [guest(loc.rlid, { phone: undefined }), 400, 'phone'],
        [guest(loc.rlid, { phone: undefined, email: 'not-an-address' }), 400, 'email'],
        [guest(loc.rlid, { name: '   ' }), 400, 'name'],
        [guest(loc.rlid, { surprise: true }), 400, 'surprise'],
      ];
      for (const [body, status, field] of cases) {
        const res = await join(body).expect(status);
        expect(res.body.error.fields, JSON.stringify(body)).to.have.property(field);
      }
      await join(guest(123456789)).expect(404);
      expect(await countEntries(loc.rlid)).to.equal(0);
    });

    it('asks for the name in words a guest reads, in English and French, when the panel sends none', async () => {
      const loc = await createTestLocation(t.db);
      // The panel leaves empty fields out of its request.
      const res = await join(guest(loc.rlid, { name: undefined })).expect(400);
      expect(res.body.error.fields.name).to.deep.equal(['Please enter a name']);
      expect(createTranslator(catalogFor('fr-CA'))('Please enter a name')).to.equal('Veuillez entrer un nom');
      const notText = await join(guest(loc.rlid, { name: 42 })).expect(400);
      expect(notText.body.error.fields.name).to.deep.equal(['name must be text']);
    });

    it('keeps one open entry per phone number per restaurant', async () => {
      const loc = await createTestLocation(t.db);
      const phone = nextPhone();
      await join(guest(loc.rlid, { phone })).expect(201);
      const again = await join(guest(loc.rlid, { phone: phone.replace(/[()]/g, '') })).expect(409);
      expect(again.body.error.code).to.equal('already_in_line');
      expect(await countEntries(loc.rlid)).to.equal(1);
      // Another restaurant is another line.
      const other = await createTestLocation(t.db);
      await join(guest(other.rlid, { phone })).expect(201);
    });

    it('refuses a paused, closed or not-ready wait list', async () => {
      const paused = await createTestLocation(t.db);
      await t.db
        .insertInto('waitlist_settings')
        .values({ rlid: paused.rlid, paused: true, pause_reason: 'Kitchen is full' })
        .execute();
      expect((await join(guest(paused.rlid)).expect(409)).body.error.code).to.equal('waitlist_paused');
      const state = await request(t.app).get(`/api/location/getwaitlist/?rlid=${paused.rlid}`).expect(200);
      expect(state.body).to.include({ waitListReady: false, paused: true, pauseReason: 'Kitchen is full' });
      expect((await request(t.app).get(`/api/location/getlocation?rlid=${paused.rlid}`)).body.waitListReady).to.equal(
        false,
      );

      const closed = await createTestLocation(t.db, { is_temporarily_closed: true });
      expect((await join(guest(closed.rlid)).expect(409)).body.error.code).to.equal('waitlist_temporarily_closed');
      const notReady = await createTestLocation(t.db, { wait_list_ready: false });
      expect((await join(guest(notReady.rlid)).expect(409)).body.error.code).to.equal('waitlist_not_offered');
      expect(await countEntries(paused.rlid)).to.equal(0);
    });

    it('cancels by DELETE or POST action, closing the gap in the line', async () => {
      const loc = await createTestLocation(t.db);
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push((await join(guest(loc.rlid)).expect(201)).body.planAheadId);
      const cancelled = await request(t.app).delete(`/api/waitlist/${ids[0]}/`).expect(200);
      expect(cancelled.body).to.include({ status: 'cancelled', position: null });
      expect((await request(t.app).get(`/api/waitlist/${ids[1]}/`)).body.position).to.equal(1);
      expect((await request(t.app).get(`/api/waitlist/${ids[2]}/`)).body.position).to.equal(2);
      await request(t.app).post(`/api/waitlist/${ids[1]}/`).send({ action: 'seat' }).expect(400);
      await request(t.app).post(`/api/waitlist/${ids[1]}/`).send({ action: 'cancel' }).expect(200);
      expect((await request(t.app).get(`/api/waitlist/${ids[2]}/`)).body.position).to.equal(1);
      expect((await request(t.app).delete(`/api/waitlist/${ids[0]}/`).expect(409)).body.error.code).to.equal(
        'entry_closed',
      );
      await request(t.app)
        .get(`/api/waitlist/${'x'.repeat(32)}/`)
        .expect(404);
      await request(t.app).get('/api/waitlist/short/').expect(400);
    });
  });

  describe('reservations', () => {
    const tomorrow = () => addDays(localNow(new Date(), 'America/New_York').date, 1);
    const booking = (rlid: number, extra: Record<string, unknown> = {}) => ({
      rlid,
      date: tomorrow(),
      time: '19:00',
      partySize: 4,
      name: 'Grace Hopper',
      email: 'grace@example.com',
      ...extra,
    });
    const book = (body: Record<string, unknown>, ip = '10.0.1.1') =>
      request(t.app)
        .post('/api/reservations/')
        .set('X-Forwarded-For', ip)
        .send({ captcha: captcha(), ...body });

    it('lists available times in the restaurant time zone and books, idempotently', async () => {
      const loc = await createTestLocation(t.db, {
        hours: JSON.stringify([0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, open: '11:00', close: '22:00' }))),
      });
      const availability = await request(t.app)
        .get(`/api/reservations/availability/?rlid=${loc.rlid}&date=${tomorrow()}&partySize=4`)
        .expect(200);
      expect(availability.body.timeZone).to.equal('America/New_York');
      expect(availability.body.slots[0]).to.deep.equal({ time: '11:00', label: '11:00 AM', available: true });
      expect(availability.body.slots.at(-1).time).to.equal('21:00');

      // A retry is the same client (its session cookie) sending the same request with the same key.
      const guest = await guestClient(t.app);
      const bookAs = () =>
        guest.agent
          .post('/api/reservations/')
          .set('X-Forwarded-For', '10.0.1.1')
          .set('Idempotency-Key', 'retry-key-0001')
          .send({ ...booking(loc.rlid), captcha: captcha() });
      const first = await bookAs().expect(201);
      expect(first.body).to.include({
        status: 'booked',
        date: tomorrow(),
        time: '19:00',
        timeLabel: '7:00 PM',
        name: 'Grace',
      });
      expect(JSON.stringify(first.body)).to.not.contain('grace@example.com');
      const retry = await bookAs().expect(201);
      expect(retry.headers['idempotent-replayed']).to.equal('true');
      expect(first.headers['idempotent-replayed']).to.equal(undefined);
      expect(retry.body.reservationId).to.equal(first.body.reservationId);
      const rows = await t.db.selectFrom('reservations').selectAll().where('rlid', '=', loc.rlid).execute();
      expect(rows).to.have.length(1);
      // 7 PM in New York is 23:00 or 00:00 UTC depending on daylight saving time.
      expect(new Date(rows[0]!.starts_at).getUTCHours()).to.be.oneOf([23, 0]);
    });

    it('never books more parties in a slot than its capacity, and frees the place on cancel', async () => {
      const loc = await createTestLocation(t.db);
      await t.db.insertInto('waitlist_settings').values({ rlid: loc.rlid, parties_per_slot: 1 }).execute();
      const first = await book(booking(loc.rlid)).expect(201);
      const full = await book(booking(loc.rlid, { name: 'Other' })).expect(409);
      expect(full.body.error.code).to.equal('slot_full');
      const slots = (await request(t.app).get(`/api/reservations/availability/?rlid=${loc.rlid}&date=${tomorrow()}`))
        .body.slots as { time: string; available: boolean }[];
      expect(slots.find((s) => s.time === '19:00')?.available).to.equal(false);
      await request(t.app)
        .post(`/api/reservations/${first.body.reservationId}/`)
        .send({ action: 'cancel' })
        .expect(200);
      await request(t.app).delete(`/api/reservations/${first.body.reservationId}/`).expect(409);
      await book(booking(loc.rlid, { name: 'Other' })).expect(201);
    });

    it('changes a booking to another time with the same capacity rule', async () => {
      const loc = await createTestLocation(t.db);
      const made = await book(booking(loc.rlid)).expect(201);
      const changed = await request(t.app)
        .post(`/api/reservations/${made.body.reservationId}/`)
        .send({ action: 'change', date: tomorrow(), time: '20:00', partySize: 2 })
        .expect(200);
      expect(changed.body).to.include({ time: '20:00', partySize: 2, status: 'booked' });
      await request(t.app)
        .post(`/api/reservations/${made.body.reservationId}/`)
        .send({ action: 'change', date: tomorrow(), time: '20:10', partySize: 2 })
        .expect(400);
    });

    it('refuses past and far dates, times not offered, and restaurants without reservations', async () => {
      const loc = await createTestLocation(t.db);
      const today = localNow(new Date(), 'America/New_York').date;
      expect(
        (await book(booking(loc.rlid, { date: addDays(today, -1) })).expect(400)).body.error.fields,
      ).to.have.property('date');
      expect(
        (await book(booking(loc.rlid, { date: addDays(today, 31) })).expect(400)).body.error.fields,
      ).to.have.property('date');
      await book(booking(loc.rlid, { date: '2026-02-30' })).expect(400);
      expect((await book(booking(loc.rlid, { time: '19:10' })).expect(400)).body.error.fields).to.have.property('time');
      await book(booking(loc.rlid, { partySize: 9 })).expect(400);
      await book(booking(loc.rlid, { email: undefined })).expect(400);
      await book(booking(loc.rlid, { phone: 'nope', email: undefined })).expect(400);
      await book(booking(loc.rlid)).set('Idempotency-Key', 'bad key!').expect(400);
      const none = await createTestLocation(t.db, { is_reservations_enabled: false });
      expect((await book(booking(none.rlid)).expect(409)).body.error.code).to.equal('reservations_not_offered');
      await request(t.app)
        .get(`/api/reservations/availability/?rlid=${loc.rlid}&date=${addDays(today, -1)}`)
        .expect(400);
      expect(await t.db.selectFrom('reservations').select('id').where('rlid', '=', loc.rlid).execute()).to.have.length(
        0,
      );
    });
  });

  describe('messages, purge, limits and documentation', () => {
    it('sends the queued e-mail and SMS through the mailer and the file SMS transport', async () => {
      const handlers = waitlistJobHandlers({
        mailer: createMailer({ smtpUrl: undefined, dataDir: t.dataDir }),
        sms: createSmsSender({ dataDir: t.dataDir }),
      });
      const loc = await createTestLocation(t.db);
      await join(guest(loc.rlid, { email: 'mail-me@example.com', phone: '(407) 257-9999' })).expect(201);
      while ((await runDueJobs(t.db, handlers, t.logger)) > 0);
      const mails = readdirSync(mailDirectory(t.dataDir)).map((f) =>
        readFileSync(joinPath(mailDirectory(t.dataDir), f), 'utf8'),
      );
      expect(mails.some((m) => m.includes('mail-me@example.com') && m.includes('/waitlist/'))).to.equal(true);
      expect(existsSync(smsDirectory(t.dataDir))).to.equal(true);
      const texts = readdirSync(smsDirectory(t.dataDir)).map(
        (f) => JSON.parse(readFileSync(joinPath(smsDirectory(t.dataDir), f), 'utf8')) as { to: string },
      );
      expect(texts.some((m) => m.to === '+14072579999')).to.equal(true);
      const failed = await t.db
        .selectFrom('jobs')
        .select('id')
        .where('kind', 'like', 'waitlist.%')
        .where('status', '!=', 'done')
        .where('kind', '!=', 'waitlist.purge')
        .execute();
      expect(failed).to.deep.equal([]);
    });

    it('anonymises entries 30 days after they close, and not before', async () => {
      const loc = await createTestLocation(t.db);
      const old = (await join(guest(loc.rlid, { email: 'old@example.com' })).expect(201)).body.planAheadId as string;
      const recent = (await join(guest(loc.rlid, { email: 'recent@example.com' })).expect(201)).body
        .planAheadId as string;
      await request(t.app).delete(`/api/waitlist/${old}/`).expect(200);
      await request(t.app).delete(`/api/waitlist/${recent}/`).expect(200);
      await t.db
        .updateTable('waitlist_entries')
        .set({ closed_at: sql`now() - interval '31 days'` })
        .where('public_id', '=', old)
        .execute();
      await purgeGuestData(t.db);
      const rows = await t.db
        .selectFrom('waitlist_entries')
        .selectAll()
        .where('public_id', 'in', [old, recent])
        .execute();
      const byId = new Map(rows.map((r) => [r.public_id, r]));
      expect(byId.get(old)).to.include({ name: 'Guest', phone: null, email: null, note: null });
      expect(byId.get(recent)!.email).to.equal('recent@example.com');
    });

    it('limits joins per client address, counted in the database', async () => {
      const loc = await createTestLocation(t.db);
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await join(guest(loc.rlid), '10.9.9.9')).status);
      expect(statuses.slice(0, 20).every((s) => s === 201)).to.equal(true);
      expect(statuses[20]).to.equal(429);
      const counter = await t.db
        .selectFrom('rate_limits')
        .selectAll()
        .where('scope', '=', 'waitlist_address')
        .where('key', '=', '10.9.9.9')
        .executeTakeFirst();
      expect(counter?.hits).to.equal(20);
    });

    it('requires the captcha on guest joins and bookings, spends each answer once, and not on walk-ins', async () => {
      const loc = await createTestLocation(t.db);
      const body = { rlid: loc.rlid, partySize: 2, name: 'Robot', phone: nextPhone() };
      const post = (url: string, sent: Record<string, unknown>) =>
        request(t.app)
          .post(url)
          .set('X-Forwarded-For', `10.5.0.${(address++ % 200) + 1}`)
          .send(sent);
      const missing = await post('/api/waitlist/', body).expect(400);
      expect(missing.body.error.fields.captcha[0]).to.include('not a robot');
      await post('/api/waitlist/', { ...body, captcha: 'bm90IGEgc29sdXRpb24=' }).expect(400);
      const answer = captcha();
      await post('/api/waitlist/', { ...body, captcha: answer }).expect(201);
      const replayed = await post('/api/waitlist/', { ...body, phone: nextPhone(), captcha: answer }).expect(400);
      expect(replayed.body.error.fields.captcha[0]).to.include('already sent');
      const booking = {
        rlid: loc.rlid,
        date: addDays(localNow(new Date(), loc.time_zone).date, 1),
        time: '19:00',
        partySize: 2,
        name: 'Robot',
        email: 'robot@example.com',
      };
      expect((await post('/api/reservations/', booking).expect(400)).body.error.fields).to.have.property('captcha');
      expect(await countEntries(loc.rlid)).to.equal(1);
      expect(await t.db.selectFrom('reservations').select('id').where('rlid', '=', loc.rlid).execute()).to.deep.equal(
        [],
      );
      // The host stand adds walk-ins without one.
      await addWalkIn(t.db, loc.rlid, { partySize: 2, name: 'Walk In', phone: nextPhone() }, 'http://localhost:3000');
      expect(await countEntries(loc.rlid)).to.equal(2);
    });

    it('limits joins and bookings per contact, restaurant and day (429 contact_limit)', async () => {
      const loc = await createTestLocation(t.db);
      const phone = nextPhone();
      for (let i = 0; i < 3; i++) {
        const joined = await join(guest(loc.rlid, { phone })).expect(201);
        await request(t.app).delete(`/api/waitlist/${joined.body.planAheadId}/`).expect(200);
      }
      const fourth = await join(guest(loc.rlid, { phone: phone.replace(/[()]/g, '') })).expect(429);
      expect(fourth.body.error.code).to.equal('contact_limit');
      expect(fourth.body.error.message).to.include('3 times today').and.include('call the restaurant');
      expect(fourth.body.error.fields).to.have.property('phone');
      // The e-mail address counts as the same contact, whatever its case.
      const byMail = (email: string) => join(guest(loc.rlid, { phone: undefined, email }));
      for (let i = 0; i < 3; i++) {
        const joined = await byMail('limit@example.com').expect(201);
        await request(t.app).delete(`/api/waitlist/${joined.body.planAheadId}/`).expect(200);
      }
      await byMail('Limit@Example.COM').expect(429);
      // Another restaurant is another count.
      const other = await createTestLocation(t.db);
      await join(guest(other.rlid, { phone })).expect(201);

      const date = addDays(localNow(new Date(), loc.time_zone).date, 1);
      const book = (time: string, extra: Record<string, unknown> = {}) =>
        request(t.app)
          .post('/api/reservations/')
          .set('X-Forwarded-For', `10.6.0.${(address++ % 200) + 1}`)
          .send({
            rlid: loc.rlid,
            date,
            time,
            partySize: 2,
            name: 'Booker',
            email: 'booker@example.com',
            captcha: captcha(),
            ...extra,
          });
      const first = await book('18:00').expect(201);
      await request(t.app).delete(`/api/reservations/${first.body.reservationId}/`).expect(200);
      await book('19:00').expect(201);
      await book('20:00').expect(201);
      const over = await book('21:00', { email: 'BOOKER@example.com' }).expect(429);
      expect(over.body.error.code).to.equal('contact_limit');
      expect(over.body.error.message).to.include('3 bookings at this restaurant on this day');
      // Another date is another day.
      await book('19:00', { date: addDays(date, 1) }).expect(201);
      expect(
        await t.db
          .selectFrom('reservations')
          .select('id')
          .where('rlid', '=', loc.rlid)
          .where('local_date', '=', date)
          .execute(),
      ).to.have.length(3);
    });

    it('serves the OpenAPI document of these routes', async () => {
      const res = await request(t.app).get('/api/openapi.json').expect(200);
      expect(res.body.openapi).to.equal('3.1.0');
      expect(Object.keys(res.body.paths)).to.include.members([
        '/api/location/getwaitlist/',
        '/api/waitlist/',
        '/api/waitlist/estimate/',
        '/api/waitlist/{id}/',
      ]);
      expect(res.body.components.schemas.JoinRequest.properties).to.have.property('partySize');
    });
  });

  async function countEntries(rlid: number): Promise<number> {
    return (await t.db.selectFrom('waitlist_entries').select('id').where('rlid', '=', rlid).execute()).length;
  }
});
