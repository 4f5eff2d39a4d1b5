import { expect } from 'chai';
import { sql } from 'kysely';
import request from 'supertest';
import { findPageById, findRevision } from '../../server/modules/pages/repo';
import { createPage } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import { ensureSuperuser } from '../../server/modules/users/service';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

const OTHER = { username: 'sessions-other', password: 'sessions-other-password' };
const emptyContent = { body: [], confirmation_content: [] };
type Agent = Awaited<ReturnType<typeof signedInAgent>>;

describe('back office: editing sessions and autosave', () => {
  let t: TestApp;
  let home: Page;
  let admin: Agent;
  let other: Agent;
  let adminToken: string;
  let otherToken: string;
  let n = 0;
  useTestApp({ signIn: true }, (suite) => ({ t, home, agent: admin, token: adminToken } = suite));
  before(async () => {
    await ensureSuperuser(t.db, OTHER.username, OTHER.password);
    await t.db
      .updateTable('users')
      .set({ first_name: 'Olive', last_name: 'Other' })
      .where('username', '=', OTHER.username)
      .execute();
    other = await signedInAgent(t.app, OTHER);
    otherToken = csrfTokenIn((await other.get('/wagtail/account/').expect(200)).text);
  });

  const newPage = async () => {
    const slug = `sessions-${++n}`;
    return createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: `Sessions ${n}`,
      slug,
      content: emptyContent,
      publish: true,
    });
  };
  const key = (label: string) => `${label}-${Math.random().toString(36).slice(2)}-${Date.now().toString(36)}`;
  const ping = (agent: Agent, token: string, pageId: number, sessionKey: string, body: Record<string, unknown>) =>
    agent
      .post(`/wagtail/editing-sessions/ping/pages/${pageId}/${sessionKey}/`)
      .set('X-CSRFToken', token)
      .set('Accept', 'application/json')
      .send(body);
  const autosave = (agent: Agent, token: string, pageId: number, body: Record<string, unknown>) =>
    agent
      .post(`/wagtail/pages/${pageId}/edit/autosave/`)
      .set('X-CSRFToken', token)
      .set('Accept', 'application/json')
      .send(body);
  const baseOf = async (agent: Agent, pageId: number) =>
    /name="base_revision_id" value="(\d*)"/.exec(
      (await agent.get(`/wagtail/pages/${pageId}/edit/`).expect(200)).text,
    )![1]!;

  describe('ping', () => {
    it('shows each editor the others on the page, with what they are doing', async () => {
      const page = await newPage();
      const a = key('admin');
      const o = key('other');
      const first = await ping(admin, adminToken, page.id, a, {
        is_editing: false,
        revision_id: page.latest_revision_id,
        active: true,
      }).expect(200);
      expect(first.body.other_sessions).to.deep.equal([]);
      expect(first.body.latest_revision_id).to.equal(page.latest_revision_id);
      const seen = await ping(other, otherToken, page.id, o, {
        is_editing: true,
        revision_id: page.latest_revision_id,
        active: true,
      }).expect(200);
      expect(seen.body.other_sessions).to.have.length(1);
      expect(seen.body.other_sessions[0]).to.include({
        session_key: a,
        is_editing: false,
        revision_id: page.latest_revision_id,
        idle: false,
      });
      expect(seen.body.other_sessions[0].user).to.deep.equal({ name: 'Site Administrator', is_you: false });
      const back = await ping(admin, adminToken, page.id, a, {
        is_editing: false,
        revision_id: page.latest_revision_id,
        active: false,
      }).expect(200);
      expect(
        back.body.other_sessions.map((s: { user: { name: string }; is_editing: boolean }) => [
          s.user.name,
          s.is_editing,
        ]),
      ).to.deep.equal([['Olive Other', true]]);
      // A session on another page is not listed.
      const elsewhere = await newPage();
      const lone = await ping(admin, adminToken, elsewhere.id, key('admin'), {
        is_editing: false,
        revision_id: null,
        active: true,
      }).expect(200);
      expect(lone.body.other_sessions).to.deep.equal([]);
      // The same person in a second window is marked as such.
      const second = await ping(admin, adminToken, page.id, key('admin2'), {
        is_editing: false,
        revision_id: null,
        active: true,
      }).expect(200);
      expect(second.body.other_sessions.find((s: { session_key: string }) => s.session_key === a).user).to.deep.equal({
        name: 'Site Administrator',
        is_you: true,
      });
    });

    it('shows a session idle after 10 minutes without input and forgets it after 25 minutes without a ping', async () => {
      const page = await newPage();
      const a = key('admin');
      const o = key('other');
      await ping(admin, adminToken, page.id, a, { is_editing: false, revision_id: null, active: true }).expect(200);
      await ping(other, otherToken, page.id, o, { is_editing: false, revision_id: null, active: true }).expect(200);
      const setMinutesAgo = (column: 'last_seen_at' | 'last_active_at', minutes: number) =>
        t.db
          .updateTable('editing_sessions')
          .set(column, sql<Date>`now() - make_interval(mins => ${minutes})`)
          .where('session_key', '=', o)
          .execute();
      await setMinutesAgo('last_active_at', 9);
      expect(
        (await ping(admin, adminToken, page.id, a, { is_editing: false, revision_id: null, active: true })).body
          .other_sessions[0].idle,
      ).to.equal(false);
      await setMinutesAgo('last_active_at', 11);
      expect(
        (await ping(admin, adminToken, page.id, a, { is_editing: false, revision_id: null, active: true })).body
          .other_sessions[0].idle,
      ).to.equal(true);
      // A ping without input keeps it idle; with input it is active again.
      await ping(other, otherToken, page.id, o, { is_editing: false, revision_id: null, active: false }).expect(200);
      expect(
        (await ping(admin, adminToken, page.id, a, { is_editing: false, revision_id: null, active: true })).body
          .other_sessions[0].idle,
      ).to.equal(true);
      await ping(other, otherToken, page.id, o, { is_editing: false, revision_id: null, active: true }).expect(200);
      expect(
        (await ping(admin, adminToken, page.id, a, { is_editing: false, revision_id: null, active: true })).body
          .other_sessions[0].idle,
      ).to.equal(false);

      await setMinutesAgo('last_seen_at', 24);
      expect(
        (await ping(admin, adminToken, page.id, a, { is_editing: false, revision_id: null, active: true })).body
          .other_sessions,
      ).to.have.length(1);
      await setMinutesAgo('last_seen_at', 26);
      expect(
        (await ping(admin, adminToken, page.id, a, { is_editing: false, revision_id: null, active: true })).body
          .other_sessions,
      ).to.deep.equal([]);
      // Deleted, not just hidden.
      expect(
        await t.db.selectFrom('editing_sessions').select('id').where('session_key', '=', o).executeTakeFirst(),
      ).to.equal(undefined);
    });

    it('refuses bad addresses and bodies, a revision of another page, a key of someone else, and requests without CSRF or sign-in', async () => {
      const page = await newPage();
      const good = { is_editing: false, revision_id: null, active: true };
      const short = await ping(admin, adminToken, page.id, 'short', good).expect(400);
      expect(short.body.error.fields.session_key[0]).to.equal('The editing session key is not valid.');
      await admin
        .post(`/wagtail/editing-sessions/ping/pages/abc/${key('a')}/`)
        .set('X-CSRFToken', adminToken)
        .set('Accept', 'application/json')
        .send(good)
        .expect(400);
      const bad = await ping(admin, adminToken, page.id, key('a'), { is_editing: 'yes', revision_id: 'x' }).expect(400);
      expect(Object.keys(bad.body.error.fields)).to.include.members(['is_editing', 'revision_id', 'active']);
      const otherPage = await newPage();
      const foreign = await ping(admin, adminToken, page.id, key('a'), {
        ...good,
        revision_id: otherPage.latest_revision_id,
      }).expect(400);
      expect(foreign.body.error.fields.revision_id[0]).to.equal('The revision is not one of this page.');
      await ping(admin, adminToken, 999_999, key('a'), good).expect(404);
      // A key already used by another user is not taken over.
      const taken = key('taken');
      await ping(other, otherToken, page.id, taken, good).expect(200);
      expect((await ping(admin, adminToken, page.id, taken, good).expect(409)).body.error.code).to.equal(
        'session_key_in_use',
      );
      // CSRF: the header is required.
      const forged = await admin
        .post(`/wagtail/editing-sessions/ping/pages/${page.id}/${key('a')}/`)
        .set('Accept', 'application/json')
        .send(good)
        .expect(403);
      expect(forged.body.error.code).to.equal('csrf_failed');
      // Signed out: 401 JSON (with a valid anonymous token, past the CSRF check).
      const anonymous = request.agent(t.app);
      const anonToken = csrfTokenIn((await anonymous.get('/wagtail/login/')).text);
      const signedOut = await anonymous
        .post(`/wagtail/editing-sessions/ping/pages/${page.id}/${key('a')}/`)
        .set('X-CSRFToken', anonToken)
        .set('Accept', 'application/json')
        .send(good)
        .expect(401);
      expect(signedOut.body.error.code).to.equal('not_authenticated');
      await anonymous.get('/wagtail/editing-sessions/csrf-token/').set('Accept', 'application/json').expect(401);
    });
  });

  describe('release', () => {
    it('ends only the caller’s own session, with the token as a form field (sendBeacon) or the header', async () => {
      const page = await newPage();
      const a = key('admin');
      const o = key('other');
      await ping(admin, adminToken, page.id, a, { is_editing: false, revision_id: null, active: true }).expect(200);
      await ping(other, otherToken, page.id, o, { is_editing: false, revision_id: null, active: true }).expect(200);
      // Someone else's key: nothing happens.
      expect(
        (
          await admin
            .post(`/wagtail/editing-sessions/release/${o}/`)
            .set('X-CSRFToken', adminToken)
            .set('Accept', 'application/json')
            .send({})
            .expect(200)
        ).body,
      ).to.deep.equal({ released: false });
      expect(
        (await ping(admin, adminToken, page.id, a, { is_editing: false, revision_id: null, active: true })).body
          .other_sessions,
      ).to.have.length(1);
      // Without a token: refused.
      await other.post(`/wagtail/editing-sessions/release/${o}/`).type('form').send({}).expect(403);
      // As navigator.sendBeacon sends it: a form body with the token, Accept */*.
      const beacon = await other
        .post(`/wagtail/editing-sessions/release/${o}/`)
        .type('form')
        .send({ csrfmiddlewaretoken: otherToken })
        .expect(200);
      expect(beacon.body).to.deep.equal({ released: true });
      expect(
        (await ping(admin, adminToken, page.id, a, { is_editing: false, revision_id: null, active: true })).body
          .other_sessions,
      ).to.deep.equal([]);
      await admin
        .post('/wagtail/editing-sessions/release/bad/')
        .set('X-CSRFToken', adminToken)
        .set('Accept', 'application/json')
        .send({})
        .expect(400);
    });
  });

  describe('autosave', () => {
    it('saves a draft revision (never publishing), validated as Save draft, and refuses to overwrite a newer revision', async () => {
      const page = await newPage();
      const base = await baseOf(admin, page.id);
      const form = {
        title: 'Autosaved title',
        slug: page.slug,
        seo_title: '',
        search_description: '',
        content_json: JSON.stringify(emptyContent),
        go_live_at: '',
        expire_at: '',
      };
      const saved = await autosave(admin, adminToken, page.id, {
        ...form,
        base_revision_id: base,
        'action-publish': 'action-publish',
      }).expect(200);
      expect(saved.body.revision_id).to.be.a('number').and.not.equal(Number(base));
      expect(new Date(saved.body.saved_at).getTime()).to.be.closeTo(Date.now(), 60_000);
      const after = (await findPageById(t.db, page.id))!;
      expect(after.latest_revision_id).to.equal(saved.body.revision_id);
      expect(after.title).to.equal(page.title); // the live page is untouched
      expect(after.has_unpublished_changes).to.equal(true);
      expect((await findRevision(t.db, saved.body.revision_id))!.content.title).to.equal('Autosaved title');
      // The history tells an autosave from a person pressing Save draft.
      const history = await admin.get(`/wagtail/pages/${page.id}/history/`).expect(200);
      expect(history.text).to.include('Draft saved automatically');
      await request(t.app)
        .get(`/${page.slug}/`)
        .expect(200)
        .expect((res) => expect(res.text).to.not.include('Autosaved title'));

      // Bad input: the same messages as Save draft, per field and per block; nothing saved.
      const empty = await autosave(admin, adminToken, page.id, {
        ...form,
        title: '',
        base_revision_id: String(saved.body.revision_id),
      }).expect(400);
      expect(empty.body.error.fields.title).to.deep.equal(['This field is required.']);
      const badBody = {
        body: [{ type: 'heading', id: 'h1', value: { text: '', level: 'h9' } }],
        confirmation_content: [],
      };
      const blocks = await autosave(admin, adminToken, page.id, {
        ...form,
        content_json: JSON.stringify(badBody),
        base_revision_id: String(saved.body.revision_id),
      }).expect(400);
      // Autosave is a draft: the blank required text waits for publishing, the bad level does not.
      expect(Object.keys(blocks.body.error.fields))
        .to.include('body.0.value.level')
        .and.not.include('body.0.value.text');
      const noBase = await autosave(admin, adminToken, page.id, form).expect(400);
      expect(noBase.body.error.fields.base_revision_id).to.deep.equal(['This field is required.']);
      expect((await findPageById(t.db, page.id))!.latest_revision_id).to.equal(saved.body.revision_id);

      // Someone else saves: an autosave on the old base is refused, even with the overwrite flag.
      const theirs = await autosave(other, otherToken, page.id, {
        ...form,
        title: 'Their title',
        base_revision_id: String(saved.body.revision_id),
      }).expect(200);
      const stale = await autosave(admin, adminToken, page.id, {
        ...form,
        title: 'Mine again',
        base_revision_id: String(saved.body.revision_id),
        overwrite: '1',
      }).expect(409);
      expect(stale.body.error.code).to.equal('stale_form');
      expect(stale.body.error.message).to.include('Olive Other saved a newer version');
      expect((await findPageById(t.db, page.id))!.latest_revision_id).to.equal(theirs.body.revision_id);
      // The other editor's ping now reports the newer revision.
      const seen = await ping(admin, adminToken, page.id, key('admin'), {
        is_editing: true,
        revision_id: saved.body.revision_id,
        active: true,
      }).expect(200);
      expect(seen.body.latest_revision_id).to.equal(theirs.body.revision_id);
      expect(seen.body.latest_revision_user).to.deep.equal({ name: 'Olive Other' });
    });

    it('answers 423 with the lock message, 403 without CSRF or permission, and asks to sign in again when the session has ended', async () => {
      const page = await newPage();
      const base = await baseOf(admin, page.id);
      const form = { title: 'Locked out', slug: page.slug, base_revision_id: base };
      await other
        .post(`/wagtail/pages/${page.id}/lock/`)
        .type('form')
        .send({ csrfmiddlewaretoken: otherToken })
        .expect(303);
      const locked = await autosave(admin, adminToken, page.id, form).expect(423);
      expect(locked.body.error.message).to.match(/locked by Olive Other/i);
      await other
        .post(`/wagtail/pages/${page.id}/unlock/`)
        .type('form')
        .send({ csrfmiddlewaretoken: otherToken })
        .expect(303);

      const forged = await admin
        .post(`/wagtail/pages/${page.id}/edit/autosave/`)
        .set('Accept', 'application/json')
        .send(form)
        .expect(403);
      expect(forged.body.error.code).to.equal('csrf_failed');

      // The session ends (expired or signed out elsewhere): the stale token is refused, and the
      // token endpoint says 401, which the editor shows as "log in again".
      const leaving = await signedInAgent(t.app, OTHER);
      const leavingToken = csrfTokenIn((await leaving.get(`/wagtail/pages/${page.id}/edit/`).expect(200)).text);
      const otherId = (
        await t.db.selectFrom('users').select('id').where('username', '=', OTHER.username).executeTakeFirstOrThrow()
      ).id;
      const ended = await t.db
        .updateTable('sessions')
        .set('expires_at', sql<Date>`now() - interval '1 minute'`)
        .where(sql<boolean>`sess->'passport'->>'user' = ${String(otherId)}`)
        .executeTakeFirst();
      expect(Number(ended.numUpdatedRows)).to.be.greaterThan(0);
      const expired = await autosave(leaving, leavingToken, page.id, form).expect(403);
      expect(expired.body.error.code).to.equal('csrf_failed');
      const whoAmI = await leaving
        .get('/wagtail/editing-sessions/csrf-token/')
        .set('Accept', 'application/json')
        .expect(401);
      expect(whoAmI.body.error.code).to.equal('not_authenticated');
      // Signed in again (in another tab): a fresh token, and the autosave goes through.
      const again = await signedInAgent(t.app, OTHER);
      const fresh = await again
        .get('/wagtail/editing-sessions/csrf-token/')
        .set('Accept', 'application/json')
        .expect(200);
      await autosave(again, fresh.body.csrf_token, page.id, form).expect(200);
      other = await signedInAgent(t.app, OTHER);
      otherToken = csrfTokenIn((await other.get('/wagtail/account/').expect(200)).text);
    });
  });

  describe('saving over a newer version from the edit form', () => {
    it('refuses a stale form with the choice to overwrite, keeps it stale until chosen, and saves with the flag', async () => {
      const page = await newPage();
      const base = await baseOf(admin, page.id);
      await autosave(other, otherToken, page.id, {
        title: 'Newer by Olive',
        slug: page.slug,
        base_revision_id: base,
      }).expect(200);
      const submit = { csrfmiddlewaretoken: adminToken, title: 'Mine', slug: page.slug, base_revision_id: base };
      const stale = await admin.post(`/wagtail/pages/${page.id}/edit/`).type('form').send(submit).expect(409);
      expect(stale.text).to.include('saved a newer version of this page');
      expect(stale.text).to.include('value="Mine"');
      expect(stale.text).to.match(
        /<button type="submit" value="draft"[^>]*name="overwrite">Overwrite with my changes<\/button>/,
      );
      // The redisplayed form is still based on the old revision: saving again asks again.
      expect(stale.text).to.include(`name="base_revision_id" value="${base}"`);
      await admin.post(`/wagtail/pages/${page.id}/edit/`).type('form').send(submit).expect(409);
      const bogus = await admin
        .post(`/wagtail/pages/${page.id}/edit/`)
        .type('form')
        .send({ ...submit, overwrite: 'yes' })
        .expect(400);
      expect(bogus.text).to.include('The overwrite choice is not valid.');
      // The explicit choice saves a draft over it.
      await admin
        .post(`/wagtail/pages/${page.id}/edit/`)
        .type('form')
        .send({ ...submit, overwrite: 'draft' })
        .expect(303);
      const saved = (await findPageById(t.db, page.id))!;
      expect((await findRevision(t.db, saved.latest_revision_id!))!.content.title).to.equal('Mine');
      expect(saved.title).to.equal(page.title);
    });

    it('publishes over a newer version when the stale publish is overwritten (and the dialog flag keeps the pressed button)', async () => {
      const page = await newPage();
      const base = await baseOf(admin, page.id);
      await autosave(other, otherToken, page.id, {
        title: 'Newer draft',
        slug: page.slug,
        base_revision_id: base,
      }).expect(200);
      const submit = {
        csrfmiddlewaretoken: adminToken,
        title: 'Published over',
        slug: page.slug,
        base_revision_id: base,
        'action-publish': 'action-publish',
      };
      const stale = await admin.post(`/wagtail/pages/${page.id}/edit/`).type('form').send(submit).expect(409);
      expect(stale.text).to.match(/<button type="submit" value="publish"[^>]*name="overwrite">/);
      await admin
        .post(`/wagtail/pages/${page.id}/edit/`)
        .type('form')
        .send({ ...submit, overwrite: '1' })
        .expect(303);
      expect((await findPageById(t.db, page.id))!.title).to.equal('Published over');
    });
  });
});
