import { expect } from 'chai';
import request from 'supertest';
import { insertGroup, replaceUserGroups } from '../../server/modules/permissions/groups-repo';
import { grantAccess } from '../../server/modules/waitlist/host-service';
import { hashPassword } from '../../server/modules/users/passwords';
import { insertUser } from '../../server/modules/users/repo';
import { captchaOptions } from '../../server/modules/forms/captcha-settings';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import { solvedCaptchaWith } from '../helpers/captcha';
import { listen, type TestApp } from '../helpers/app';
import { useTestApp, type SignedInAgent } from '../helpers/app-suite';
import { createTestLocation } from '../factories/location';

/** The host stand at /wagtail/waitlist/: the queue, the staff's actions, settings, access per restaurant. */
describe('wait list host stand', () => {
  let t: TestApp;
  let agent: SignedInAgent;
  let token: string;
  useTestApp({ signIn: true, env: { TRUST_PROXY: '1' } }, (suite) => ({ t, agent, token } = suite));

  // Guests join from the panel with a solved captcha (the host stand's own walk-ins need none),
  // solved before each test so the timings the stand reports are not the solver's.
  let captchas: string[] = [];
  beforeEach(async () => {
    captchas = [];
    for (let i = 0; i < 3; i++) captchas.push(await solvedCaptchaWith(captchaOptions(t.config)));
  });
  const joinAs = (rlid: number, name: string, phone: string, ip: string) =>
    request(t.app)
      .post('/api/waitlist/')
      .set('X-Forwarded-For', ip)
      .send({ rlid, partySize: 2, name, phone, captcha: captchas.pop() })
      .expect(201);
  const standOf = async (rlid: number) => (await agent.get(`/wagtail/waitlist/${rlid}/`).expect(200)).text;

  it('shows the live queue with contacts, adds a walk-in, notifies, seats and reorders', async () => {
    const loc = await createTestLocation(t.db);
    const first = (await joinAs(loc.rlid, 'Ada Lovelace', '(407) 257-2001', '10.5.0.1')).body.planAheadId as string;
    const second = (await joinAs(loc.rlid, 'Grace Hopper', '(407) 257-2002', '10.5.0.2')).body.planAheadId as string;
    let html = await standOf(loc.rlid);
    expect(html).to.include('Ada Lovelace');
    // Stored as E.164, printed as people read it.
    expect(html).to.include('(407) 257-2001').and.not.include('+14072572001');
    await agent
      .post(`/wagtail/waitlist/${loc.rlid}/walk-in/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, name: 'Walk In', partySize: '4' })
      .expect(303);
    html = await standOf(loc.rlid);
    expect(html).to.include('Walk In');
    expect(html).to.include('(walk-in)');

    const entryId = async (publicId: string) =>
      (
        await t.db
          .selectFrom('waitlist_entries')
          .select('id')
          .where('public_id', '=', publicId)
          .executeTakeFirstOrThrow()
      ).id;
    await agent
      .post(`/wagtail/waitlist/${loc.rlid}/entries/${await entryId(second)}/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, action: 'up' })
      .expect(303);
    expect((await request(t.app).get(`/api/waitlist/${second}/`)).body.position).to.equal(1);
    expect((await request(t.app).get(`/api/waitlist/${first}/`)).body.position).to.equal(2);

    await agent
      .post(`/wagtail/waitlist/${loc.rlid}/entries/${await entryId(first)}/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, action: 'notify' })
      .expect(303);
    const notified = await request(t.app).get(`/api/waitlist/${first}/`).expect(200);
    expect(notified.body.status).to.equal('notified');
    const jobs = await t.db.selectFrom('jobs').select('payload').where('kind', '=', 'waitlist.sms').execute();
    expect(jobs.some((j) => (j.payload as { kind?: string; entryId?: number }).kind === 'ready')).to.equal(true);

    await agent
      .post(`/wagtail/waitlist/${loc.rlid}/entries/${await entryId(first)}/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, action: 'seat' })
      .expect(303);
    const seated = await request(t.app).get(`/api/waitlist/${first}/`).expect(200);
    expect(seated.body).to.include({ status: 'seated', position: null });
    const history = await t.db
      .selectFrom('waitlist_entry_events')
      .select('state')
      .where('entry_id', '=', await entryId(first))
      .orderBy('id')
      .execute();
    expect(history.map((h) => h.state)).to.deep.equal(['joined', 'quoted', 'notified', 'seated']);
    html = await standOf(loc.rlid);
    expect(html).to.include('Quoted vs actual wait');
    expect(html).to.match(/<td>1<\/td><td>0<\/td><td>0<\/td>/);

    // Closed entries cannot be acted on; unknown actions are refused.
    await agent
      .post(`/wagtail/waitlist/${loc.rlid}/entries/${await entryId(first)}/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, action: 'seat' })
      .expect(303);
    expect(await standOf(loc.rlid)).to.include('Not done: This party is no longer in line.');
    await agent
      .post(`/wagtail/waitlist/${loc.rlid}/entries/${await entryId(second)}/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, action: 'dance' })
      .expect(400);
  });

  it('pauses with a reason (guests see it) and saves turn times that feed the estimate', async () => {
    const loc = await createTestLocation(t.db);
    await agent
      .post(`/wagtail/waitlist/${loc.rlid}/pause/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, paused: '1' })
      .expect(303);
    expect((await request(t.app).get(`/api/location/getwaitlist/?rlid=${loc.rlid}`)).body.paused).to.equal(false);
    await agent
      .post(`/wagtail/waitlist/${loc.rlid}/pause/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, paused: '1', reason: 'Private event' })
      .expect(303);
    const paused = await request(t.app).get(`/api/location/getwaitlist/?rlid=${loc.rlid}`).expect(200);
    expect(paused.body).to.include({ paused: true, pauseReason: 'Private event', waitListReady: false });
    await agent
      .post(`/wagtail/waitlist/${loc.rlid}/pause/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, paused: '0' })
      .expect(303);

    await joinAs(loc.rlid, 'One', '(407) 257-3001', '10.6.0.1');
    const settings = {
      csrfmiddlewaretoken: token,
      turn_minutes_small: '60',
      turn_minutes_medium: '60',
      turn_minutes_large: '60',
      tables_small: '2',
      tables_medium: '2',
      tables_large: '1',
      slot_minutes: '30',
      parties_per_slot: '3',
    };
    await agent.post(`/wagtail/waitlist/${loc.rlid}/settings/`).type('form').send(settings).expect(303);
    const estimate = await request(t.app).get(`/api/waitlist/estimate/?rlid=${loc.rlid}&partySize=2`).expect(200);
    expect(estimate.body).to.include({ partiesAhead: 1, minutes: 30 });
    await agent
      .post(`/wagtail/waitlist/${loc.rlid}/settings/`)
      .type('form')
      .send({ ...settings, turn_minutes_small: '1' })
      .expect(400);
  });

  it('gives a group access to one restaurant: its members see and run that one only', async () => {
    const mine = await createTestLocation(t.db);
    const other = await createTestLocation(t.db);
    const group = await insertGroup(t.db, { name: 'Orlando hosts', can_access_admin: true });
    const user = await insertUser(t.db, {
      username: 'host-orlando',
      email: 'host@example.com',
      password_hash: await hashPassword('host-password-123'),
      is_superuser: false,
    });
    await replaceUserGroups(t.db, user.id, [group.id]);
    const hostAgent = await signedInAgent(t.app, { username: 'host-orlando', password: 'host-password-123' });
    expect((await hostAgent.get('/wagtail/waitlist/').expect(200)).text).to.include('No restaurant to manage');
    await hostAgent.get(`/wagtail/waitlist/${mine.rlid}/`).expect(403);

    await grantAccess(t.db, group.id, mine.rlid);
    const list = (await hostAgent.get('/wagtail/waitlist/').expect(200)).text;
    expect(list).to.include(`/wagtail/waitlist/${mine.rlid}/`);
    expect(list).to.not.include(`/wagtail/waitlist/${other.rlid}/`);
    const page = await hostAgent.get(`/wagtail/waitlist/${mine.rlid}/`).expect(200);
    await hostAgent.get(`/wagtail/waitlist/${other.rlid}/`).expect(403);
    const hostToken = csrfTokenIn(page.text);
    await hostAgent
      .post(`/wagtail/waitlist/${other.rlid}/walk-in/`)
      .type('form')
      .send({ csrfmiddlewaretoken: hostToken, name: 'X', partySize: '2' })
      .expect(403);
    await hostAgent
      .post(`/wagtail/waitlist/${mine.rlid}/walk-in/`)
      .type('form')
      .send({ csrfmiddlewaretoken: hostToken, name: 'X', partySize: '2' })
      .expect(303);
    // Only superusers manage the grants.
    await hostAgent.get('/wagtail/waitlist/access/').expect(403);
    await agent
      .post('/wagtail/waitlist/access/')
      .type('form')
      .send({ csrfmiddlewaretoken: token, group: String(group.id), rlid: String(other.rlid) })
      .expect(303);
    await hostAgent.get(`/wagtail/waitlist/${other.rlid}/`).expect(200);
  });

  it('pushes a change to the guest page stream within 2 seconds', async function () {
    this.timeout(20_000);
    const loc = await createTestLocation(t.db);
    const publicId = (await joinAs(loc.rlid, 'Live', '(407) 257-4001', '10.7.0.1')).body.planAheadId as string;
    const server = await listen(t.app);
    const controller = new AbortController();
    try {
      const res = await fetch(`${server.baseUrl}/api/waitlist/${publicId}/events/`, { signal: controller.signal });
      expect(res.headers.get('content-type')).to.match(/^text\/event-stream/);
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const readUntil = async (pattern: RegExp, ms: number) => {
        const deadline = Date.now() + ms;
        while (!pattern.test(text)) {
          if (Date.now() > deadline) throw new Error(`no match for ${pattern} in ${text}`);
          const chunk = await Promise.race([
            reader.read(),
            new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
          ]);
          if (chunk && !chunk.done) text += decoder.decode(chunk.value);
        }
      };
      await readUntil(/"status":"waiting"/, 5000);
      const id = (
        await t.db
          .selectFrom('waitlist_entries')
          .select('id')
          .where('public_id', '=', publicId)
          .executeTakeFirstOrThrow()
      ).id;
      const started = Date.now();
      await agent
        .post(`/wagtail/waitlist/${loc.rlid}/entries/${id}/`)
        .type('form')
        .send({ csrfmiddlewaretoken: token, action: 'seat' })
        .expect(303);
      await readUntil(/"status":"seated"/, 2000);
      expect(Date.now() - started).to.be.below(2000);
    } finally {
      controller.abort();
      await server.close();
    }
  });
});
