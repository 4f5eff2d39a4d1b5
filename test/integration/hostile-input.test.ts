import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { expect } from 'chai';
import request from 'supertest';
import { MAP_ASSETS_BASE } from '../../server/modules/locations/map-assets';
import { mailDirectory } from '../../server/modules/mail/mailer';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import { createTestApp, listen, TEST_ADMIN, type TestApp } from '../helpers/app';

/** Sends raw bytes (which an HTTP client library would refuse to send) and returns the status line. */
async function rawStatus(port: number, head: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    // Written, not ended: the server answers and closes (Connection: close); a half-closed socket may be dropped first.
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
  });
}

/**
 * The hostile-outsider findings of the hardening review, one describe per numbered failure.
 * Each of these answered a 5xx, reflected a forged host or redirected off-site before the fix.
 */

const DEFAULT_ORIGIN = 'http://localhost:3000';
const maplibreVersion = /@([^/]+)\/$/.exec(MAP_ASSETS_BASE)![1]!;

function pageData(html: string): { context: { siteUrl: string } } {
  const json = /<script type="application\/json" id="page-data"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('no page-data script');
  return JSON.parse(json) as { context: { siteUrl: string } };
}

function sentMail(dataDir: string): string[] {
  try {
    return readdirSync(mailDirectory(dataDir))
      .sort()
      .map((file) => (JSON.parse(readFileSync(`${mailDirectory(dataDir)}/${file}`, 'utf8')) as { text: string }).text);
  } catch {
    return [];
  }
}

/** Whether a Location header keeps the browser on the site that answered. */
function staysOnSite(location: string | undefined): boolean {
  if (location === undefined) return false;
  return !/^[/\\]{2}/.test(location) && new URL(location, DEFAULT_ORIGIN).origin === DEFAULT_ORIGIN;
}

const REDIRECT_TRICKS = [
  '//evil.example/',
  '/\\evil.example/',
  '/.//evil.example/',
  '/..//evil.example/',
  '/%2e//evil.example/',
  '/%2E%2E//evil.example/',
  '/./%2e//evil.example/',
  '/%2F/evil.example/',
  '/%5Cevil.example/',
  '/\t/evil.example/',
  '/\n/evil.example/',
  'javascript:alert(1)',
  'https://evil.example/',
  ' //evil.example/',
];

describe('hostile input', () => {
  let t: TestApp;
  before(async function () {
    this.timeout(180_000); // migrating and seeding the whole demo is slow on a busy machine
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    await t.db
      .updateTable('users')
      .set({ email: 'chef@harborline.example' })
      .where('username', '=', TEST_ADMIN.username)
      .execute();
  });
  after(async () => t?.close());

  describe('failure 3: password-reset links can point at another host; malformed hosts give 500; unknown hosts are reflected', () => {
    it('never mails a reset link on a forged host', async () => {
      for (const host of [
        'localhost:1@evil.example',
        'localhost:3000@evil.example',
        'evil.example',
        'localhost:3000/evil.example',
      ]) {
        const agent = request.agent(t.app);
        const form = await agent.get('/wagtail/password_reset/').set('Host', 'localhost:3000').expect(200);
        const before = sentMail(t.dataDir).length;
        const res = await agent
          .post('/wagtail/password_reset/')
          .set('Host', host)
          .type('form')
          .send({ csrfmiddlewaretoken: csrfTokenIn(form.text), email: 'chef@harborline.example' });
        expect(res.status, host).to.be.oneOf([303, 400]);
        if (res.status === 303) {
          for (let i = 0; i < 100 && sentMail(t.dataDir).length === before; i++)
            await new Promise((resolve) => setTimeout(resolve, 50));
          const mail = sentMail(t.dataDir).slice(before).join('\n');
          expect(mail, host).to.include(`${DEFAULT_ORIGIN}/wagtail/password_reset/confirm/`);
          expect(mail, host).not.to.include('evil.example/');
        }
      }
    });

    it('answers malformed hosts and forwarded values with 400, never 500', async () => {
      const paths = [
        '/',
        '/sitemap.xml',
        '/robots.txt',
        '/.well-known/security.txt',
        '/wagtail/login/',
        '/no-such-page/',
        '/blocks/footer/',
        '/_util/login/',
      ];
      for (const host of [
        'localhost:-1',
        'localhost:99999',
        'local\thost',
        'localhost:3000:1',
        'exa mple.com',
        '[::1',
        'localhost:0x50',
      ]) {
        for (const path of paths) {
          const res = await request(t.app).get(path).set('Host', host);
          expect(res.status, `${host} ${path}`).to.equal(400);
          expect(res.text).to.include('Host');
        }
      }
      for (const proto of ['a b', 'ftp', 'https:', '']) {
        if (proto === '') continue;
        for (const path of paths) {
          const res = await request(t.app).get(path).set('Host', 'localhost:3000').set('X-Forwarded-Proto', proto);
          expect(res.status, `X-Forwarded-Proto ${proto} ${path}`).to.equal(400);
        }
      }
      const forwardedFor = await request(t.app)
        .get('/')
        .set('Host', 'localhost:3000')
        .set('X-Forwarded-For', 'not-an-address');
      expect(forwardedFor.status).to.equal(400);
      // An empty Host is no host at all: the default site answers.
      expect((await request(t.app).get('/robots.txt').set('Host', '')).status).to.equal(200);
    });

    it('gives an unknown host the default site with the default site URLs, never its own name', async () => {
      const sitemap = await request(t.app).get('/sitemap.xml').set('Host', 'evil.example').expect(200);
      expect(sitemap.text).not.to.include('evil.example');
      expect(sitemap.text).to.include(`<loc>${DEFAULT_ORIGIN}/</loc>`);
      const robots = await request(t.app).get('/robots.txt').set('Host', 'evil.example:8443').expect(200);
      expect(robots.text).to.include(`Sitemap: ${DEFAULT_ORIGIN}/sitemap.xml`).and.not.include('evil');
      const security = await request(t.app).get('/.well-known/security.txt').set('Host', 'evil.example').expect(200);
      expect(security.text).not.to.include('evil');
      const home = await request(t.app).get('/').set('Host', 'evil.example').expect(200);
      expect(pageData(home.text).context.siteUrl).to.equal(DEFAULT_ORIGIN);
      expect(home.text).not.to.include('evil.example');
      const missing = await request(t.app).get('/nowhere/').set('Host', 'evil.example').expect(404);
      expect(pageData(missing.text).context.siteUrl).to.equal(DEFAULT_ORIGIN);
      // A forwarded host from a trusted proxy is a Host like any other: still not reflected.
      const forwarded = await request(t.app)
        .get('/robots.txt')
        .set('Host', 'localhost:3000')
        .set('X-Forwarded-Host', 'evil.example')
        .expect(200);
      expect(forwarded.text).not.to.include('evil');
    });

    it('builds the URLs of a known host from its configured site, not from the request', async () => {
      const robots = await request(t.app).get('/robots.txt').set('Host', 'ca.localhost:3000').expect(200);
      expect(robots.text).to.include('Sitemap: http://ca.localhost:3000/sitemap.xml');
      // Same hostname, another port: the only site of that name answers, with its own port.
      const otherPort = await request(t.app).get('/fr/').set('Host', 'ca.localhost:4000').expect(200);
      expect(pageData(otherPort.text).context.siteUrl).to.equal('http://ca.localhost:3000');
    });
  });

  describe('failure 4: open redirects through next / return_url dot-segment tricks', () => {
    it('keeps the admin login next on this site', async () => {
      const agent = await signedInAgent(t.app);
      for (const trick of REDIRECT_TRICKS) {
        const res = await agent.get('/wagtail/login/').query({ next: trick });
        expect(res.status, trick).to.equal(302);
        expect(staysOnSite(res.headers.location), `${trick} -> ${res.headers.location}`).to.equal(true);
      }
      for (const trick of REDIRECT_TRICKS) {
        const anonymous = request.agent(t.app);
        const form = await anonymous.get('/wagtail/login/').expect(200);
        const res = await anonymous
          .post('/wagtail/login/')
          .type('form')
          .send({
            csrfmiddlewaretoken: csrfTokenIn(form.text),
            username: TEST_ADMIN.username,
            password: TEST_ADMIN.password,
            next: trick,
          })
          .expect(303);
        expect(staysOnSite(res.headers.location), `${trick} -> ${res.headers.location}`).to.equal(true);
      }
    });

    it('keeps the public login next and the page-password return_url on this site', async () => {
      for (const trick of REDIRECT_TRICKS) {
        const visitor = request.agent(t.app);
        const form = await visitor.get('/_util/login/').query({ next: trick }).expect(200);
        expect(form.text).not.to.include('evil.example');
        const res = await visitor
          .post('/_util/login/')
          .type('form')
          .send({
            csrfmiddlewaretoken: csrfTokenIn(form.text),
            username: TEST_ADMIN.username,
            password: TEST_ADMIN.password,
            next: trick,
          })
          .expect(303);
        expect(staysOnSite(res.headers.location), `${trick} -> ${res.headers.location}`).to.equal(true);
      }
      const home = await t.db
        .selectFrom('pages')
        .selectAll()
        .where('page_type', '=', 'HomePage')
        .orderBy('path')
        .executeTakeFirstOrThrow();
      const restriction = await t.db
        .insertInto('page_view_restrictions')
        .values({ page_id: home.id, restriction_type: 'password', password_hash: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      try {
        const action = `/_util/authenticate_with_password/${restriction.id}/${home.id}/`;
        for (const trick of REDIRECT_TRICKS) {
          const form = await request(t.app).get(action).query({ return_url: trick }).expect(200);
          expect(form.text, trick).not.to.include('evil.example');
        }
      } finally {
        await t.db.deleteFrom('page_view_restrictions').where('id', '=', restriction.id).execute();
      }
    });

    it('keeps ordinary paths, queries and fragments as they were', async () => {
      const agent = await signedInAgent(t.app);
      for (const next of [
        '/wagtail/pages/',
        '/wagtail/pages/search/?q=crab%20cakes',
        '/wagtail/pages/3/edit/#content',
        '/fr/caf%C3%A9/',
      ]) {
        const res = await agent.get('/wagtail/login/').query({ next }).expect(302);
        expect(res.headers.location).to.equal(next);
      }
    });
  });

  describe('failure 6: NUL bytes and prototype-named keys reach the database or crash parsers', () => {
    it('refuses NUL in a path with 400 before any query runs', async () => {
      for (const path of [
        '/%00',
        '/%00/',
        '/locations/%00/',
        '/locations/list/%00/x/',
        '/fr/%00',
        '/blocks/footer/%00',
        '/seafood-restaurants/locations/%00',
        '/api/location/%00',
        '/wagtail/pages/%00/',
      ]) {
        const res = await request(t.app).get(path).set('Host', 'localhost:3000');
        expect(res.status, path).to.equal(400);
        // A /fr/ path is answered in French (issue 29), on any site.
        expect(res.text, path).to.match(/not allowed|invalid character|caractère non permis/i);
      }
    });

    it('refuses NUL in queries, form fields and JSON strings with 400', async () => {
      await request(t.app).get('/?q=%00').expect(400);
      await request(t.app).get('/api/location/getlocations?latitude=1&longitude=1&x%00=1').expect(400);
      await request(t.app).get('/api/location/geocode?q=a%00b').expect(400);
      const anonymous = request.agent(t.app);
      const form = await anonymous.get('/wagtail/login/').expect(200);
      const login = await anonymous
        .post('/wagtail/login/')
        .type('form')
        .send({ csrfmiddlewaretoken: csrfTokenIn(form.text), username: 'admin\u0000', password: 'whatever-password' });
      expect(login.status).to.equal(400);
      expect(login.text).to.match(/not allowed|invalid character/i);
      const agent = await signedInAgent(t.app);
      await agent.get('/wagtail/pages/search/?q=%00').expect(400);
      const token = csrfTokenIn((await agent.get('/wagtail/').expect(200)).text);
      const json = await agent
        .post('/wagtail/api/main/pages/3/action/copy/')
        .set('X-CSRFToken', token)
        .send({ destination_page_id: 2, title: 'a\u0000b' });
      expect(json.status).to.equal(400);
      expect(json.body.error.message).to.match(/not allowed|invalid character/i);
      // JSON typed into a form field (the editor's page body) is held to the same rule.
      const home = await t.db
        .selectFrom('pages')
        .selectAll()
        .where('page_type', '=', 'HomePage')
        .orderBy('path')
        .executeTakeFirstOrThrow();
      const edit = await agent
        .post(`/wagtail/pages/${home.id}/edit/`)
        .type('form')
        .send({
          csrfmiddlewaretoken: token,
          title: home.title,
          slug: home.slug,
          base_revision_id: String(home.latest_revision_id),
          content_json: JSON.stringify({ body: [{ type: 'heading', id: 'h1', value: { text: 'a\u0000b' } }] }),
        });
      expect(edit.status).to.equal(400);
      expect(edit.text).to.match(/not allowed/);
      const surrogate = await agent
        .post('/wagtail/api/main/pages/3/action/copy/')
        .set('X-CSRFToken', token)
        .set('Content-Type', 'application/json')
        .send('{"title": "\\ud800"}');
      expect(surrogate.status).to.equal(400);
    });

    it('refuses NUL, control characters and non-ASCII bytes in headers with 400', async () => {
      const server = await listen(t.app);
      try {
        const request = (headers: string) =>
          Buffer.concat([
            Buffer.from('GET /robots.txt HTTP/1.1\r\n', 'latin1'),
            Buffer.from(headers, 'latin1'),
            Buffer.from('Connection: close\r\n\r\n'),
          ]);
        expect(await rawStatus(server.port, request('Host: localhost:3000\r\n'))).to.match(/ 200 /);
        expect(await rawStatus(server.port, request('Host: localhost:3000\r\nX-Test: a\u0000b\r\n'))).to.match(/ 400 /);
        expect(await rawStatus(server.port, request('Host: localhost:3000\r\nCookie: li=\u0001\r\n'))).to.match(
          / 400 /,
        );
        expect(await rawStatus(server.port, request('Host: lo\u00e9calhost:3000\r\n'))).to.match(/ 400 /);
        expect(
          await rawStatus(server.port, request('Host: localhost:3000\r\nX-Forwarded-For: 203.0.113.\u00e9\r\n')),
        ).to.match(/ 400 /);
        expect(
          await rawStatus(
            server.port,
            request(
              'Host: localhost:3000\r\nAccept-Language: fr-\u00e9\u00ff\r\nCookie: li=\u00e9; sessionid=\u00ff\r\n',
            ),
          ),
        ).to.match(/ 200 /);
      } finally {
        await server.close();
      }
    });

    it('treats query and body keys named like Object.prototype members as ordinary unknown keys', async () => {
      for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__']) {
        for (const path of [
          '/api/location/getlocations?latitude=1&longitude=1',
          '/api/location/getlocation?rlid=1',
          '/api/location/geocode?q=boston',
        ]) {
          const res = await request(t.app).get(`${path}&${key}=1`);
          expect(res.status, `${path} ${key}`).to.equal(400);
          expect(res.body.error.fields, `${path} ${key}`).to.have.property(key);
        }
      }
      const agent = await signedInAgent(t.app);
      for (const key of ['__proto__', 'constructor', 'toString']) {
        const res = await agent.get(`/wagtail/api/main/pages/?${key}=1`).set('Accept', 'application/json');
        expect(res.status, key).to.equal(400);
      }
      const token = csrfTokenIn((await agent.get('/wagtail/').expect(200)).text);
      for (const key of ['__proto__', 'constructor', 'toString']) {
        const res = await agent
          .post('/wagtail/api/main/pages/3/action/publish/')
          .set('X-CSRFToken', token)
          .set('Content-Type', 'application/json')
          .send(`{"${key}": {"x": 1}}`);
        expect(res.status, key).to.be.below(500);
        const form = await agent
          .post('/wagtail/pages/search/')
          .type('form')
          .send(`csrfmiddlewaretoken=${token}&${key}=1`);
        expect(form.status, key).to.be.below(500);
      }
      for (const name of ['__proto__', 'constructor', 'toString']) {
        await request(t.app).get(`/api/ht/${name}/`).expect(404);
        await request(t.app).get(`/static/vendor/maplibre-gl@0.0.0/${name}`).expect(404);
        const file = await request(t.app).get(`/static/vendor/maplibre-gl@${maplibreVersion}/${name}`);
        expect(file.status, name).to.equal(404);
      }
      // Nothing leaked onto shared prototypes.
      expect(({} as Record<string, unknown>).x).to.equal(undefined);
    });
  });
});
