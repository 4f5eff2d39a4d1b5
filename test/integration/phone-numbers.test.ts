import { expect } from 'chai';
import request from 'supertest';
import { captchaOptions } from '../../server/modules/forms/captcha-settings';
import { localNow } from '../../shared/locations/hours';
import { addDays } from '../../shared/waitlist/local-time';
import type { TestApp } from '../helpers/app';
import { useTestApp, type SignedInAgent } from '../helpers/app-suite';
import { csrfTokenIn } from '../helpers/admin';
import { solvedCaptcha, solvedCaptchaWith } from '../helpers/captcha';
import { createTestLocation } from '../factories/location';

/** Phone numbers as guests write them, on the contact form, the wait list and reservations. */
describe('phone numbers on the guest forms', function () {
  this.timeout(120_000);
  let t: TestApp;
  let admin: SignedInAgent;
  useTestApp({ signIn: true, env: { TRUST_PROXY: '1' } }, (suite) => ({ t, agent: admin } = suite));
  beforeEach(() => t.db.deleteFrom('rate_limits').execute());

  const contact = (phone: string) => ({
    question_category: 'suggestion',
    topic: 'suggestion/menu-idea',
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    phone,
    address_line1: '1 Main St',
    address_city: 'Portland',
    address_state: 'ME',
    address_zip: '04101',
    message: 'More chowder, please.',
    form_action: 'send',
  });

  async function postContact(phone: string, status: number, host = 'localhost:3000', path = '/contact-us/') {
    const agent = request.agent(t.app);
    const page = await agent.get(path).set('Host', host).expect(200);
    const captcha = await solvedCaptcha(agent, host);
    return agent
      .post(path)
      .set('Host', host)
      .type('form')
      .send({ csrfmiddlewaretoken: csrfTokenIn(page.text), ...contact(phone), captcha })
      .expect(status);
  }
  const newestSubmission = () =>
    t.db.selectFrom('form_submissions').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('accepts the contact form with the numbers written the ways the site prints them, stored as E.164', async () => {
    for (const [typed, stored] of [
      ['(407) 555-0123', '+14075550123'],
      ['407.555.0123', '+14075550123'],
      ['+1 407 555 0123', '+14075550123'],
      ['1-407-555-0123 ext. 45', '+14075550123;ext=45'],
    ]) {
      await postContact(typed!, 303);
      expect((await newestSubmission()).data.phone, typed).to.equal(stored);
    }
  });

  it('refuses a bad number with a message that says what is expected, in English and French, storing nothing', async () => {
    const before = await t.db.selectFrom('form_submissions').select('id').execute();
    const english = await postContact('555-0123', 200);
    expect(english.text).to.include('Enter a phone number with its area code, for example (407) 555-0123');
    expect(english.text).to.include('value="555-0123"');
    const french = await postContact('(123) 456-7890', 200, 'ca.localhost:3000', '/fr/contact-us/');
    expect(french.text).to.include('Saisissez un numéro de téléphone avec son indicatif régional');
    expect(french.headers['x-missing-translations']).to.equal(undefined);
    expect(await t.db.selectFrom('form_submissions').select('id').execute()).to.have.length(before.length);
  });

  it('prints submissions in national format in the back office, old rows stored as typed included', async () => {
    await postContact('+1 (207) 555-0100 x7', 303);
    const stored = await newestSubmission();
    const legacy = await t.db
      .insertInto('form_submissions')
      .values({
        page_id: stored.page_id,
        form: 'contact',
        site_id: stored.site_id,
        language_code: 'en-US',
        data: JSON.stringify({ first_name: 'Old', phone: '207.555.0111' }),
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const odd = await t.db
      .insertInto('form_submissions')
      .values({
        page_id: stored.page_id,
        form: 'contact',
        site_id: stored.site_id,
        language_code: 'en-US',
        data: JSON.stringify({ first_name: 'Odd', phone: 'evenings only' }),
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const base = `/wagtail/forms/submissions/${stored.page_id}`;
    expect((await admin.get(`${base}/${stored.id}/`).expect(200)).text).to.include('(207) 555-0100 ext. 7');
    expect((await admin.get(`${base}/${legacy.id}/`).expect(200)).text).to.include('(207) 555-0111');
    expect((await admin.get(`${base}/${odd.id}/`).expect(200)).text).to.include('evenings only');
    expect((await admin.get(`${base}/?export=csv`).expect(200)).text).to.include('(207) 555-0100 ext. 7');
  });

  describe('wait list and reservations', () => {
    const captcha = () => solvedCaptchaWith(captchaOptions(t.config));
    let address = 0;
    const post = async (url: string, body: Record<string, unknown>, status: number) =>
      request(t.app)
        .post(url)
        .set('X-Forwarded-For', `10.9.0.${(address++ % 200) + 1}`)
        .send({ captcha: await captcha(), ...body })
        .expect(status);

    it('joins the wait list with any common format, stores E.164 and shows it nationally on the host stand', async () => {
      const loc = await createTestLocation(t.db);
      const typed = ['(407) 555-0131', '407.555.0132', '+1 407 555 0133', '1-407-555-0134 x12'];
      for (const [i, phone] of typed.entries())
        await post('/api/waitlist/', { rlid: loc.rlid, partySize: 2, name: `Guest ${i}`, phone }, 201);
      const rows = await t.db
        .selectFrom('waitlist_entries')
        .select('phone')
        .where('rlid', '=', loc.rlid)
        .orderBy('id')
        .execute();
      // The extension is not kept: texts go to the number itself (see the decision record).
      expect(rows.map((row) => row.phone)).to.deep.equal([
        '+14075550131',
        '+14075550132',
        '+14075550133',
        '+14075550134',
      ]);
      const stand = await admin.get(`/wagtail/waitlist/${loc.rlid}/`).expect(200);
      expect(stand.text).to.include('(407) 555-0131').and.include('(407) 555-0134');
      expect(stand.text).not.to.include('+14075550131');
    });

    it('refuses a bad number on the wait list with the field named and stores nothing', async () => {
      const loc = await createTestLocation(t.db);
      for (const phone of ['555-0123', '(123) 456-7890', 'call me', '407 555 0123 ext']) {
        const res = await post('/api/waitlist/', { rlid: loc.rlid, partySize: 2, name: 'Ada', phone }, 400);
        expect(res.body.error.fields.phone, phone).to.deep.equal([
          'Please enter a valid mobile phone number, e.g. (407) 555-0123',
        ]);
      }
      expect(
        await t.db.selectFrom('waitlist_entries').select('id').where('rlid', '=', loc.rlid).execute(),
      ).to.have.length(0);
    });

    it('counts one phone however it is written: spellings and extensions do not get around the per-phone limits', async () => {
      const loc = await createTestLocation(t.db, {
        hours: JSON.stringify([0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, open: '11:00', close: '22:00' }))),
      });
      const date = addDays(localNow(new Date(), loc.time_zone).date, 1);
      const spellings = ['(407) 555-0151', '407.555.0151 x1', '+1 407 555 0151 ext 2', '1-407-555-0151 #3'];
      for (const [i, phone] of spellings.slice(0, 3).entries())
        await post(
          '/api/reservations/',
          { rlid: loc.rlid, date, time: `1${i + 2}:00`, partySize: 2, name: 'Eve', phone },
          201,
        );
      const fourth = await post(
        '/api/reservations/',
        { rlid: loc.rlid, date, time: '18:00', partySize: 2, name: 'Eve', phone: spellings[3] },
        429,
      );
      expect(fourth.body.error.code).to.equal('contact_limit');
      // On the wait list the same phone is already in line, whatever its spelling.
      const waiting = await createTestLocation(t.db);
      await post('/api/waitlist/', { rlid: waiting.rlid, partySize: 2, name: 'Eve', phone: spellings[0] }, 201);
      await post('/api/waitlist/', { rlid: waiting.rlid, partySize: 2, name: 'Eve', phone: spellings[2] }, 409);
    });

    it('books a table with a number written with +1 and an extension, and refuses a bad one', async () => {
      const loc = await createTestLocation(t.db, {
        hours: JSON.stringify([0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, open: '11:00', close: '22:00' }))),
      });
      const date = addDays(localNow(new Date(), loc.time_zone).date, 1);
      const booking = (phone: string, time: string) => ({
        rlid: loc.rlid,
        date,
        time,
        partySize: 2,
        name: 'Grace',
        phone,
      });
      await post('/api/reservations/', booking('+1 (407) 555-0141 ext. 3', '19:00'), 201);
      await post('/api/reservations/', booking('(514) 555-0142', '19:30'), 201);
      const bad = await post('/api/reservations/', booking('407-555-01', '20:00'), 400);
      expect(bad.body.error.fields.phone).to.deep.equal([
        'Please enter a valid mobile phone number, e.g. (407) 555-0123',
      ]);
      const rows = await t.db
        .selectFrom('reservations')
        .select('phone')
        .where('rlid', '=', loc.rlid)
        .orderBy('id')
        .execute();
      expect(rows.map((row) => row.phone)).to.deep.equal(['+14075550141', '+15145550142']);
    });
  });
});
