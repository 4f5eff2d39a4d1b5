import { expect } from 'chai';
import request from 'supertest';
import { localNow } from '../../shared/locations/hours';
import { addDays } from '../../shared/waitlist/local-time';
import type { TestApp } from '../helpers/app';
import { solvedCaptcha } from '../helpers/captcha';
import { useTestApp } from '../helpers/app-suite';
import { createTestLocation } from '../factories/location';

/** The server-rendered guest pages: everything the panels do, without JavaScript. */
describe('wait list and reservation guest pages', () => {
  let t: TestApp;
  useTestApp({ env: { TRUST_PROXY: '1' } }, (suite) => ({ t } = suite));

  /** A browser on a guest page: its session cookie, and the page's CSRF token. */
  const onPage = async (url: string) => {
    const agent = request.agent(t.app);
    const page = await agent.get(url).expect(200);
    const token = /name="csrfmiddlewaretoken" value="([^"]+)"/.exec(page.text)?.[1];
    expect(token, `${url} has a CSRF token`).to.be.a('string');
    return { agent, page, token: token! };
  };

  it('joins the wait list with a plain form, shows the place in line, and cancels', async () => {
    const loc = await createTestLocation(t.db);
    const { agent, page: form, token } = await onPage(`/waitlist/join/?rlid=${loc.rlid}`);
    expect(form.text).to.include(`action="/waitlist/join/?rlid=${loc.rlid}"`);
    expect(form.text).to.include('Current wait: No wait');
    expect(form.text).to.include('form-field--captcha');
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(form.text)?.[1];
    const body = {
      csrfmiddlewaretoken: token,
      idempotencyKey: key!,
      partySize: '3',
      name: 'Ada Lovelace',
      phone: '(407) 257-1111',
    };
    // Without the captcha's answer (no script ran) nothing is stored and the form says why.
    const noCaptcha = await agent.post(`/waitlist/join/?rlid=${loc.rlid}`).type('form').send(body).expect(400);
    expect(noCaptcha.text).to.include('Please confirm you are not a robot');
    expect(noCaptcha.text).to.include('value="Ada Lovelace"');
    const joined = await agent
      .post(`/waitlist/join/?rlid=${loc.rlid}`)
      .type('form')
      .send({ ...body, captcha: await solvedCaptcha(agent) })
      .expect(303);
    expect(joined.headers.location).to.match(/^\/waitlist\/[A-Za-z0-9_-]{32}\/$/);
    // The same form sent again (a double click) lands on the same entry.
    const again = await agent
      .post(`/waitlist/join/?rlid=${loc.rlid}`)
      .type('form')
      .send({ ...body, captcha: await solvedCaptcha(agent) })
      .expect(303);
    expect(again.headers.location).to.equal(joined.headers.location);
    const page = await agent.get(joined.headers.location!).expect(200);
    const pageToken = /name="csrfmiddlewaretoken" value="([^"]+)"/.exec(page.text)![1]!;
    expect(page.text).to.include('You are on the wait list');
    expect(page.text).to.include('Place in line: 1');
    expect(page.text).to.include('Quoted wait');
    expect(page.text).to.not.include('257-1111');
    await request(t.app).post(`${joined.headers.location!}cancel/`).type('form').send({}).expect(403);
    const cancelled = await agent
      .post(`${joined.headers.location!}cancel/`)
      .type('form')
      .send({ csrfmiddlewaretoken: pageToken })
      .expect(303);
    const after = await request(t.app).get(cancelled.headers.location!).expect(200);
    expect(after.text).to.include('Your spot has been cancelled.');
    expect(after.text).to.not.include('Cancel my spot');
  });

  it('shows the form again with clear errors and stores nothing on bad input', async () => {
    const loc = await createTestLocation(t.db);
    const { agent, token } = await onPage(`/waitlist/join/?rlid=${loc.rlid}`);
    const bad = await agent
      .post(`/waitlist/join/?rlid=${loc.rlid}`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, partySize: '2', name: 'Ada', phone: '555' })
      .expect(400);
    expect(bad.text).to.include('Please enter a valid mobile phone number');
    expect(bad.text).to.include('aria-invalid="true"');
    expect(bad.text).to.include('value="Ada"');
    const big = await agent
      .post(`/waitlist/join/?rlid=${loc.rlid}`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, partySize: '40', name: 'Ada', email: 'a@example.com' })
      .expect(400);
    expect(big.text).to.include('The largest party is 8');
    expect(
      await t.db.selectFrom('waitlist_entries').select('id').where('rlid', '=', loc.rlid).execute(),
    ).to.have.length(0);
    await request(t.app).get('/waitlist/join/?rlid=123456789').expect(404);
    await request(t.app).get('/waitlist/join/?rlid=abc').expect(404);
    await request(t.app).get('/waitlist/not-an-id/').expect(404);
  });

  it('books a table with a plain form, then views, changes and cancels it', async () => {
    const loc = await createTestLocation(t.db);
    const date = addDays(localNow(new Date(), loc.time_zone).date, 1);
    const { agent, page: form, token } = await onPage(`/reservations/new/?rlid=${loc.rlid}&date=${date}&partySize=4`);
    expect(form.text).to.include('value="19:00"');
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(form.text)?.[1];
    expect(key).to.be.a('string');
    const body = {
      date,
      partySize: '4',
      time: '19:00',
      name: 'Grace Hopper',
      email: 'grace@example.com',
      idempotencyKey: key!,
      csrfmiddlewaretoken: token,
    };
    const post = async (sent: Record<string, string>, status: number) => {
      const res = await agent
        .post(`/reservations/new/?rlid=${loc.rlid}`)
        .type('form')
        .send({ ...sent, captcha: await solvedCaptcha(agent) });
      expect(res.status, res.text.slice(0, 300)).to.equal(status);
      return res;
    };
    const booked = await post(body, 303);
    expect(booked.headers.location).to.match(/^\/reservations\/[A-Za-z0-9_-]{32}\/$/);
    // The same submit again (a double click, a retry) lands on the same booking.
    const again = await post(body, 303);
    expect(again.headers.location).to.equal(booked.headers.location);
    // The same page's key with other details: the form says so and offers a new key.
    const changed = await post({ ...body, time: '20:00' }, 422);
    expect(changed.text).to.include('This form was already sent');
    expect(changed.text).to.not.include(`value="${key}"`);
    const manage = await agent.get(booked.headers.location!).expect(200);
    const manageToken = /name="csrfmiddlewaretoken" value="([^"]+)"/.exec(manage.text)![1]!;
    expect(manage.text).to.include('Your table is booked');
    expect(manage.text).to.include('7:00 PM');
    await agent
      .post(`${booked.headers.location!}change/`)
      .type('form')
      .send({ csrfmiddlewaretoken: manageToken, date, time: '20:00', partySize: '2' })
      .expect(303);
    expect((await request(t.app).get(booked.headers.location!)).text).to.include('8:00 PM');
    const badChange = await agent
      .post(`${booked.headers.location!}change/`)
      .type('form')
      .send({ csrfmiddlewaretoken: manageToken, date, time: '20:07', partySize: '2' })
      .expect(400);
    expect(badChange.text).to.include('Please choose one of the available times');
    await agent
      .post(`${booked.headers.location!}cancel/`)
      .type('form')
      .send({ csrfmiddlewaretoken: manageToken })
      .expect(303);
    expect((await request(t.app).get(booked.headers.location!)).text).to.include('This reservation is cancelled');
  });

  it('refuses a past date on the booking page with the reason', async () => {
    const loc = await createTestLocation(t.db);
    const yesterday = addDays(localNow(new Date(), loc.time_zone).date, -1);
    const { agent, token } = await onPage(`/reservations/new/?rlid=${loc.rlid}`);
    const res = await agent
      .post(`/reservations/new/?rlid=${loc.rlid}`)
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        date: yesterday,
        partySize: '2',
        time: '19:00',
        name: 'Late',
        email: 'late@example.com',
        captcha: await solvedCaptcha(agent),
      })
      .expect(400);
    expect(res.text).to.include('Please choose today or a later date');
    expect(await t.db.selectFrom('reservations').select('id').where('rlid', '=', loc.rlid).execute()).to.have.length(0);
  });

  it('renders the location buttons as links to these pages', async () => {
    const res = await request(t.app).get('/locations/map/?q=Orlando%2C%20FL').expect(200);
    expect(res.text).to.match(/href="\/(waitlist\/join|reservations\/new)\/\?rlid=\d+"/);
  });
});
