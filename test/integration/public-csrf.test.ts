import { expect } from 'chai';
import request from 'supertest';
import { captchaOptions } from '../../server/modules/forms/captcha-settings';
import { signUnsubscribeToken } from '../../server/modules/forms/unsubscribe-token';
import { localNow } from '../../shared/locations/hours';
import { addDays } from '../../shared/waitlist/local-time';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';
import { solvedCaptchaWith } from '../helpers/captcha';
import { routesOf } from '../helpers/fuzz';
import { guestClient, type GuestClient } from '../helpers/guest-client';
import { createTestLocation } from '../factories/location';

/**
 * CSRF on every state-changing route of the public site (docs/security.md, "Cross-site
 * requests"). The routes are read from the app's router, so a new public POST, PUT, PATCH or
 * DELETE fails the first test until it has a case here. Each is sent as another site's page
 * would make a visitor's browser send it, and must be refused; the same request from this
 * site's own page (token, same origin) must not be refused as cross-site.
 */

const HOST = 'localhost:3000';
const OWN_ORIGIN = 'http://localhost:3000';
const EVIL = 'https://evil.example';

type Fixtures = {
  rlid: number;
  entryId: () => Promise<string>;
  reservationId: () => Promise<string>;
  oneClickToken: string;
};
type Case = {
  url: (f: Fixtures) => Promise<string> | string;
  body?: (f: Fixtures) => Record<string, unknown>;
  /** Why a route skips the app-wide check (it proves the request otherwise); tested for that proof instead. */
  exempt?: string;
};

const entryBody = { action: 'cancel' };
const CASES: Record<string, Case> = {
  'POST /api/waitlist': {
    url: () => '/api/waitlist/',
    body: (f) => ({ rlid: f.rlid, partySize: 2, name: 'Cross Site', phone: '(407) 555-0101' }),
  },
  'POST /api/waitlist/:id': { url: async (f) => `/api/waitlist/${await f.entryId()}/`, body: () => entryBody },
  'DELETE /api/waitlist/:id': { url: async (f) => `/api/waitlist/${await f.entryId()}/` },
  'POST /api/reservations': {
    url: () => '/api/reservations/',
    body: (f) => ({
      rlid: f.rlid,
      date: addDays(localNow(new Date(), 'America/New_York').date, 2),
      time: '19:00',
      partySize: 2,
      name: 'Cross Site',
      email: 'cross@example.com',
    }),
  },
  'POST /api/reservations/:id': {
    url: async (f) => `/api/reservations/${await f.reservationId()}/`,
    body: () => ({ action: 'cancel' }),
  },
  'DELETE /api/reservations/:id': { url: async (f) => `/api/reservations/${await f.reservationId()}/` },
  'POST /waitlist/join/': {
    url: (f) => `/waitlist/join/?rlid=${f.rlid}`,
    body: () => ({ partySize: '2', name: 'Cross Site', phone: '(407) 555-0102' }),
  },
  'POST /waitlist/:id/cancel/': { url: async (f) => `/waitlist/${await f.entryId()}/cancel/` },
  'POST /reservations/new/': {
    url: (f) => `/reservations/new/?rlid=${f.rlid}`,
    body: () => ({
      date: addDays(localNow(new Date(), 'America/New_York').date, 2),
      time: '20:00',
      partySize: '2',
      name: 'Cross Site',
      email: 'cross@example.com',
    }),
  },
  'POST /reservations/:id/cancel/': { url: async (f) => `/reservations/${await f.reservationId()}/cancel/` },
  'POST /reservations/:id/change/': {
    url: async (f) => `/reservations/${await f.reservationId()}/change/`,
    body: () => ({ date: addDays(localNow(new Date(), 'America/New_York').date, 2), time: '20:00', partySize: '2' }),
  },
  'POST /api/fcc/unsubscribe/': {
    url: () => '/api/fcc/unsubscribe/',
    body: () => ({ Email: 'someone@example.com', BroadLogId: '' }),
  },
  'POST /api/fcc/unsubscribe/one-click/:token/': {
    // RFC 8058: mail providers post the link of a mail; the signed address in it is the proof.
    url: () => `/api/fcc/unsubscribe/one-click/${signUnsubscribeToken('not-the-app-secret-'.repeat(3), 'a@b.c')}/`,
    body: () => ({ 'List-Unsubscribe': 'One-Click' }),
    exempt: 'one-click unsubscribe: only a link signed by this site works',
  },
  'POST /accessibility-report/': {
    url: () => '/accessibility-report/',
    body: () => ({ description: 'The menu cannot be opened with a keyboard.', page_url: 'http://localhost:3000/' }),
  },
  'POST /api/location/flush': { url: () => '/api/location/flush/' },
  'POST /_util/authenticate_with_password/:restriction_id/:page_id/': {
    url: () => '/_util/authenticate_with_password/999999/999999/',
    body: () => ({ password: 'guess', return_url: '/' }),
  },
  'POST /_util/login/': {
    url: () => '/_util/login/?next=/',
    body: () => ({ username: 'admin', password: 'guess' }),
  },
  'POST /documents/authenticate_with_password/:restriction_id/': {
    url: () => '/documents/authenticate_with_password/999999/',
    body: () => ({ password: 'guess', return_url: '/' }),
  },
  // Every page path: the contact and signup forms post to their page.
  'POST regex:.*': {
    url: () => '/contact-us/',
    body: () => ({ first_name: 'Cross', last_name: 'Site', email: 'cross@example.com', message: 'Hello' }),
  },
};

describe('CSRF on every public state-changing route', () => {
  let t: TestApp;
  let fixtures: Fixtures;
  let guest: GuestClient;
  useTestApp({ env: { TRUST_PROXY: '1' } }, (suite) => ({ t } = suite));

  const captcha = () => solvedCaptchaWith(captchaOptions(t.config));
  let address = 0;
  const nextAddress = () => `10.88.0.${(address++ % 250) + 1}`;

  before(async function () {
    this.timeout(120_000);
    const loc = await createTestLocation(t.db);
    guest = await guestClient(t.app, HOST);
    let phone = 3000;
    fixtures = {
      rlid: loc.rlid,
      // A fresh entry or booking for each request, so a request that got through would show.
      entryId: async () => {
        const res = await request(t.app)
          .post('/api/waitlist/')
          .set('Host', HOST)
          .set('X-Forwarded-For', nextAddress())
          .send({
            rlid: loc.rlid,
            partySize: 2,
            name: 'Owner',
            phone: `(407) 555-${phone++}`,
            captcha: await captcha(),
          })
          .expect(201);
        return res.body.planAheadId as string;
      },
      reservationId: async () => {
        const res = await request(t.app)
          .post('/api/reservations/')
          .set('Host', HOST)
          .set('X-Forwarded-For', nextAddress())
          .send({
            rlid: loc.rlid,
            date: addDays(localNow(new Date(), loc.time_zone).date, 1),
            time: '19:00',
            partySize: 2,
            name: 'Owner',
            email: `owner-${phone++}@example.com`,
            captcha: await captcha(),
          })
          .expect(201);
        return res.body.reservationId as string;
      },
      oneClickToken: signUnsubscribeToken(t.config.sessionSecret, 'a@b.c'),
    };
  });

  it('has a case for every public POST, PUT, PATCH and DELETE route, and none for a route that does not exist', () => {
    const routes = routesOf(t.app, ['/wagtail', '/_util', '/api-nc'])
      .filter((route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method))
      .filter((route) => !route.path.startsWith('/wagtail'))
      .map((route) => `${route.method} ${route.path}`);
    expect(
      routes.filter((route) => !(route in CASES)),
      'public routes without a case',
    ).to.deep.equal([]);
    expect(
      Object.keys(CASES).filter((key) => !routes.includes(key)),
      'cases without a route',
    ).to.deep.equal([]);
  });

  /** Sends one case: `as` says what the sending page looks like. */
  async function sendTo(
    key: string,
    url: string,
    as: { type: 'form' | 'json'; origin?: string; fetchSite?: string; token?: boolean },
  ): Promise<request.Response> {
    const [method] = key.split(' ') as [string];
    const check = CASES[key]!;
    const body = { ...(check.body?.(fixtures) ?? {}) };
    if (as.token && as.type === 'form') body.csrfmiddlewaretoken = guest.token;
    let req = guest.agent[method.toLowerCase() as 'post' | 'delete'](url)
      .set('Host', HOST)
      .set('X-Forwarded-For', nextAddress());
    if (as.origin) req = req.set('Origin', as.origin);
    if (as.fetchSite) req = req.set('Sec-Fetch-Site', as.fetchSite);
    // A script of the site's own page sends the token as a header (routes with their own check want it).
    if (as.token && as.type === 'json') req = req.set('X-CSRFToken', guest.token);
    return as.type === 'form' ? req.type('form').send(body) : req.type('json').send(body);
  }

  const refused = (res: request.Response, what: string) =>
    expect(res.status, `${what}: ${res.status} ${res.text.slice(0, 200)}`).to.be.oneOf([401, 403]);

  for (const key of Object.keys(CASES)) {
    it(key, async function () {
      this.timeout(60_000);
      const check = CASES[key]!;
      // One entry or booking per route: the refusals below must leave it as it was.
      const url = await check.url(fixtures);
      const send = (as: Parameters<typeof sendTo>[2]) => sendTo(key, url, as);
      // Another site's form (the visitor's session cookie goes along; the token cannot).
      refused(await send({ type: 'form', origin: EVIL }), 'form post from another origin');
      refused(await send({ type: 'form', origin: EVIL, token: true }), 'form post from another origin, token');
      refused(await send({ type: 'form', fetchSite: 'cross-site' }), 'form post, Sec-Fetch-Site cross-site');
      // A form can only GET or POST: a DELETE comes from a script, which another origin's page
      // cannot send without a CORS preflight (so one without Origin is not a browser's).
      if (key.startsWith('POST ')) refused(await send({ type: 'form' }), 'form post without a token');
      // Another site's script sending JSON (a CORS preflight would stop a browser; the check stops the rest).
      refused(await send({ type: 'json', origin: EVIL }), 'JSON from another origin');
      refused(await send({ type: 'json', origin: 'null' }), 'JSON from an opaque origin');
      refused(await send({ type: 'json', fetchSite: 'same-site' }), 'JSON, Sec-Fetch-Site same-site');
      const guestId = /\/(waitlist|reservations)\/([A-Za-z0-9_-]{32})\//.exec(url);
      if (guestId) {
        const state = await request(t.app).get(`/api/${guestId[1]}/${guestId[2]}/`).expect(200);
        expect(state.body.status, 'untouched by the refused requests').to.be.oneOf(['waiting', 'booked']);
      }
      if (check.exempt) return;
      // The site's own page: not refused as cross-site (it may still be refused for what it says).
      for (const res of [
        await send({ type: 'form', origin: OWN_ORIGIN, fetchSite: 'same-origin', token: true }),
        await send({ type: 'json', origin: OWN_ORIGIN, fetchSite: 'same-origin', token: true }),
      ]) {
        if (key === 'POST /api/location/flush') expect(res.status, 'flush asks for sign-in').to.equal(401);
        else expect(res.status, `own page: ${res.status} ${res.text.slice(0, 200)}`).to.not.equal(403);
      }
    });
  }

  it('refuses the cross-site join of the report, and stores nothing', async () => {
    const body = {
      rlid: fixtures.rlid,
      partySize: 2,
      name: 'Forged',
      phone: '(407) 555-0199',
      captcha: await captcha(),
    };
    const forged = await request(t.app)
      .post('/api/waitlist/')
      .set('Host', HOST)
      .set('Origin', EVIL)
      .type('form')
      .send(body)
      .expect(403);
    expect(forged.body.error.code).to.equal('csrf_failed');
    const forgedJson = await request(t.app)
      .post('/api/waitlist/')
      .set('Host', HOST)
      .set('Origin', EVIL)
      .send({ ...body, captcha: await captcha() })
      .expect(403);
    expect(forgedJson.body.error.code).to.equal('csrf_failed');
    const stored = await t.db.selectFrom('waitlist_entries').select('id').where('name', '=', 'Forged').execute();
    expect(stored).to.have.length(0);
    // An API client that sends neither Origin nor Sec-Fetch-Site (not a browser) may post JSON.
    await request(t.app)
      .post('/api/waitlist/')
      .set('Host', HOST)
      .set('X-Forwarded-For', nextAddress())
      .send({ ...body, captcha: await captcha() })
      .expect(201);
  });

  it('accepts the same origin behind a TLS proxy, as the site is configured or as forwarded', async () => {
    const body = async (phone: string) => ({
      rlid: fixtures.rlid,
      partySize: 2,
      name: 'Proxied',
      phone,
      captcha: await captcha(),
    });
    await request(t.app)
      .post('/api/waitlist/')
      .set('Host', 'www.harborline.example')
      .set('X-Forwarded-Proto', 'https')
      .set('X-Forwarded-For', nextAddress())
      .set('Origin', 'https://www.harborline.example')
      .send(await body('(407) 555-0171'))
      .expect(201);
    // The same host over plain http is another origin.
    await request(t.app)
      .post('/api/waitlist/')
      .set('Host', 'www.harborline.example')
      .set('X-Forwarded-Proto', 'https')
      .set('X-Forwarded-For', nextAddress())
      .set('Origin', 'http://www.harborline.example')
      .send(await body('(407) 555-0172'))
      .expect(403);
  });

  it('keeps the token out of the page cache: the forms that carry one are private and set the session', async () => {
    for (const url of [`/waitlist/join/?rlid=${fixtures.rlid}`, `/reservations/new/?rlid=${fixtures.rlid}`]) {
      const res = await request(t.app).get(url).set('Host', HOST).expect(200);
      expect(res.text, url).to.match(/name="csrfmiddlewaretoken" value="[^"]{20,}"/);
      expect(res.headers['cache-control'], url).to.include('no-store');
      expect(String(res.headers['set-cookie']), url).to.match(/^sessionid=/);
      // A second visitor gets a token of their own, not the first one's.
      const again = await request(t.app).get(url).set('Host', HOST).expect(200);
      const token = (text: string) => /name="csrfmiddlewaretoken" value="([^"]+)"/.exec(text)?.[1];
      expect(token(again.text)).to.not.equal(token(res.text));
    }
  });
});
