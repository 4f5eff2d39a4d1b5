import { expect } from 'chai';
import request from 'supertest';
import { hashPassword } from '../../server/modules/users/passwords';
import { insertUser } from '../../server/modules/users/repo';
import { KyselySessionStore } from '../../server/modules/sessions/store';
import { LIMITS } from '../../server/modules/rate-limits/service';
import { INVALID_LOGIN, RATE_LIMITED_LOGIN } from '../../server/modules/admin/routes';
import { csrfTokenIn } from '../helpers/admin';
import { TEST_ADMIN, type TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

const csrfFrom = csrfTokenIn;

const sessionCookie = (res: request.Response) =>
  ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith('sessionid='))
    ?.split(';')[0];

/** Opens the login form with a fresh cookie jar and returns the agent and the form's token. */
async function loginForm(t: TestApp, next?: string) {
  const agent = request.agent(t.app);
  const res = await agent.get(`/wagtail/login/${next ? `?next=${encodeURIComponent(next)}` : ''}`).expect(200);
  return { agent, token: csrfFrom(res.text), res };
}

describe('back office: sessions, login, CSRF', () => {
  let t: TestApp;
  useTestApp({}, (suite) => ({ t } = suite));
  // Each test starts with no sessions and no recorded failures.
  afterEach(async () => {
    await t.db.deleteFrom('rate_limits').execute();
    await t.db.deleteFrom('sessions').execute();
  });

  it('signs in with the right password, rotating the session id, and lands on the dashboard', async () => {
    const { agent, token, res: form } = await loginForm(t);
    const before = sessionCookie(form);
    expect(before).to.be.a('string');
    const login = await agent
      .post('/wagtail/login/')
      .type('form')
      .send({ csrfmiddlewaretoken: token, username: TEST_ADMIN.username, password: TEST_ADMIN.password })
      .expect(303);
    expect(login.headers.location).to.equal('/wagtail/');
    const after = sessionCookie(login);
    expect(after).to.be.a('string').and.not.equal(before);
    const dashboard = await agent.get('/wagtail/').expect(200);
    expect(dashboard.text).to.include('Your most recent edits');
    expect(dashboard.text).to.include('Your pages');
    expect(dashboard.headers['cache-control']).to.include('no-store');
    const rows = await t.db.selectFrom('sessions').select('sid').execute();
    expect(rows.length).to.be.greaterThan(0);
  });

  it('answers a wrong password and an unknown user with the same generic message', async () => {
    const { agent, token } = await loginForm(t);
    const wrongPassword = await agent
      .post('/wagtail/login/')
      .type('form')
      .send({ csrfmiddlewaretoken: token, username: TEST_ADMIN.username, password: 'nope-nope' })
      .expect(200);
    const unknownUser = await agent
      .post('/wagtail/login/')
      .type('form')
      .send({ csrfmiddlewaretoken: token, username: 'nobody-here', password: 'nope-nope' })
      .expect(200);
    const message = INVALID_LOGIN.replace("'", '&#x27;');
    expect(wrongPassword.text).to.include(message);
    expect(unknownUser.text).to.include(message);
    expect(wrongPassword.text).to.include(`value="${TEST_ADMIN.username}"`);
    expect(wrongPassword.text).not.to.match(/no such user|unknown user|wrong password/i);
    await agent.get('/wagtail/').set('Accept', 'application/json').expect(401);
  });

  it('shows field errors for an empty form and keeps the input', async () => {
    const { agent, token } = await loginForm(t);
    const res = await agent
      .post('/wagtail/login/')
      .type('form')
      .send({ csrfmiddlewaretoken: token, username: 'someone' })
      .expect(400);
    expect(res.text).to.include('This field is required.');
    expect(res.text).to.include('value="someone"');
  });

  it('slows an account down after repeated failures, even with the right password, and counts in the database', async () => {
    const { agent, token } = await loginForm(t);
    for (let i = 0; i < LIMITS.loginAccount.rule.limit; i++) {
      await agent
        .post('/wagtail/login/')
        .type('form')
        .send({ csrfmiddlewaretoken: token, username: TEST_ADMIN.username, password: `bad-${i}` })
        .expect(200);
    }
    const blocked = await agent
      .post('/wagtail/login/')
      .type('form')
      .send({ csrfmiddlewaretoken: token, username: TEST_ADMIN.username.toUpperCase(), password: TEST_ADMIN.password })
      .expect(429);
    expect(blocked.text).to.include(RATE_LIMITED_LOGIN);
    expect(blocked.headers['retry-after']).to.match(/^\d+$/);
    const stored = await t.db.selectFrom('rate_limits').select(['scope', 'key', 'hits']).execute();
    expect(stored.find((r) => r.scope === LIMITS.loginAccount.scope && r.key === TEST_ADMIN.username)?.hits).to.equal(
      LIMITS.loginAccount.rule.limit,
    );
    // The refused attempt was counted for the address before the account refused it.
    expect(stored.find((r) => r.scope === LIMITS.loginAddress.scope)?.hits).to.equal(
      LIMITS.loginAccount.rule.limit + 1,
    );
  });

  it('blocks an address after too many failures across accounts', async () => {
    const { agent, token } = await loginForm(t);
    for (let i = 0; i < 20; i++) {
      await agent
        .post('/wagtail/login/')
        .type('form')
        .send({ csrfmiddlewaretoken: token, username: `user-${i}`, password: 'bad-password' })
        .expect(200);
    }
    await agent
      .post('/wagtail/login/')
      .type('form')
      .send({ csrfmiddlewaretoken: token, username: TEST_ADMIN.username, password: TEST_ADMIN.password })
      .expect(429);
  });

  it('refuses a POST without a CSRF token, or with a forged one, with 403', async () => {
    const { agent, token } = await loginForm(t);
    await agent
      .post('/wagtail/login/')
      .type('form')
      .send({ username: TEST_ADMIN.username, password: TEST_ADMIN.password })
      .expect(403);
    await agent
      .post('/wagtail/login/')
      .type('form')
      .send({ csrfmiddlewaretoken: `${token}x`, username: TEST_ADMIN.username, password: TEST_ADMIN.password })
      .expect(403);
    // A token from another session is no good either.
    const other = await loginForm(t);
    await agent
      .post('/wagtail/login/')
      .type('form')
      .send({ csrfmiddlewaretoken: other.token, username: TEST_ADMIN.username, password: TEST_ADMIN.password })
      .expect(403);
  });

  it('serves /api-nc/csrftoken/ and accepts the token in the X-CSRFToken header of a JSON request', async () => {
    const agent = request.agent(t.app);
    const res = await agent.get('/api-nc/csrftoken/').expect(200).expect('Content-Type', /json/);
    expect(res.body.csrf_token).to.be.a('string').with.length.greaterThan(20);
    await agent.post('/wagtail/logout/').set('Content-Type', 'application/json').send('{}').expect(403);
    await agent
      .post('/wagtail/logout/')
      .set('X-CSRFToken', res.body.csrf_token)
      .set('Content-Type', 'application/json')
      .send('{}')
      .expect(303);
  });

  it('redirects anonymous page requests to the login with ?next=, and JSON requests get 401 JSON', async () => {
    const page = await request(t.app).get('/wagtail/pages/?p=1').expect(302);
    expect(page.headers.location).to.equal(`/wagtail/login/?next=${encodeURIComponent('/wagtail/pages/?p=1')}`);
    const json = await request(t.app).get('/wagtail/pages/').set('Accept', 'application/json').expect(401);
    expect(json.body.error.code).to.equal('not_authenticated');
  });

  it('follows a local ?next= after login and ignores one pointing off-site', async () => {
    for (const [next, expected] of [
      ['/wagtail/pages/', '/wagtail/pages/'],
      ['//evil.example/', '/wagtail/'],
      ['https://evil.example/', '/wagtail/'],
      ['/\\evil.example', '/wagtail/'],
    ] as const) {
      const { agent, res } = await loginForm(t, next);
      const token = csrfFrom(res.text);
      const submittedNext = /name="next" value="([^"]*)"/.exec(res.text)?.[1];
      const login = await agent
        .post('/wagtail/login/')
        .type('form')
        .send({
          csrfmiddlewaretoken: token,
          username: TEST_ADMIN.username,
          password: TEST_ADMIN.password,
          next: submittedNext === '/wagtail/' ? next : submittedNext,
        })
        .expect(303);
      expect(login.headers.location, next).to.equal(expected);
    }
  });

  it('logs out with a POST, ending the session in the database', async () => {
    const { agent, token } = await loginForm(t);
    await agent
      .post('/wagtail/login/')
      .type('form')
      .send({ csrfmiddlewaretoken: token, username: TEST_ADMIN.username, password: TEST_ADMIN.password })
      .expect(303);
    const dashboard = await agent.get('/wagtail/').expect(200);
    const logout = await agent
      .post('/wagtail/logout/')
      .type('form')
      .send({ csrfmiddlewaretoken: csrfFrom(dashboard.text) })
      .expect(303);
    expect(logout.headers.location).to.equal('/wagtail/login/');
    await agent.get('/wagtail/').expect(302);
    expect(await t.db.selectFrom('sessions').select('sid').execute()).to.have.length(0);
  });

  it('lets a signed-in user without admin access see nothing, and refuses an inactive account like a wrong password', async () => {
    await insertUser(t.db, {
      username: 'visitor',
      email: 'v@example.com',
      password_hash: await hashPassword('visitor-password'),
      is_superuser: false,
    });
    const { agent, token } = await loginForm(t);
    await agent
      .post('/wagtail/login/')
      .type('form')
      .send({ csrfmiddlewaretoken: token, username: 'visitor', password: 'visitor-password' })
      .expect(303);
    await agent.get('/wagtail/pages/').expect(403);
    await agent.get('/wagtail/pages/').set('Accept', 'application/json').expect(403);

    await insertUser(t.db, {
      username: 'gone',
      email: 'g@example.com',
      password_hash: await hashPassword('gone-password'),
      is_superuser: true,
    });
    await t.db.updateTable('users').set({ is_active: false }).where('username', '=', 'gone').execute();
    const second = await loginForm(t);
    const res = await second.agent
      .post('/wagtail/login/')
      .type('form')
      .send({ csrfmiddlewaretoken: second.token, username: 'gone', password: 'gone-password' })
      .expect(200);
    expect(res.text).to.include(INVALID_LOGIN.replace("'", '&#x27;'));
  });

  it('sets no session cookie on public pages', async () => {
    const res = await request(t.app).get('/').expect(200);
    expect(res.headers['set-cookie']).to.equal(undefined);
  });

  it('session store ignores and prunes expired rows', async () => {
    let now = Date.now();
    const store = new KyselySessionStore(t.db, { pruneEveryMs: 1000, now: () => now });
    const cookie = { originalMaxAge: 1000, expires: new Date(now - 1) } as never;
    await new Promise<void>((resolve, reject) => store.set('old', { cookie }, (e) => (e ? reject(e) : resolve())));
    const found = await new Promise((resolve, reject) => store.get('old', (e, s) => (e ? reject(e) : resolve(s))));
    expect(found).to.equal(null);
    now += 5000;
    const fresh = { originalMaxAge: 60_000, expires: new Date(Date.now() + 60_000) } as never;
    await new Promise<void>((resolve, reject) =>
      store.set('new', { cookie: fresh }, (e) => (e ? reject(e) : resolve())),
    );
    const sids = (await t.db.selectFrom('sessions').select('sid').execute()).map((r) => r.sid);
    expect(sids).to.deep.equal(['new']);
  });
});
