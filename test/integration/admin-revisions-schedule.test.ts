import { expect } from 'chai';
import request from 'supertest';
import { enqueueJob } from '../../server/modules/jobs/repo';
import { claimDueJobs } from '../../server/modules/jobs/repo';
import { runDueJobs } from '../../server/modules/jobs/runner';
import { findPageById } from '../../server/modules/pages/repo';
import { diffSnapshots } from '../../server/modules/pages/revision-diff';
import { pageJobHandlers } from '../../server/modules/pages/schedule-service';
import { createPage } from '../../server/modules/pages/service';
import type { Page, RevisionSnapshot } from '../../server/modules/pages/table';
import type { TestApp } from '../helpers/app';
import { useTestApp, type SignedInAgent } from '../helpers/app-suite';

const text = (id: string, value: string) => ({ type: 'heading', id, value });
const snap = (title: string, body: unknown[]): RevisionSnapshot => ({
  title,
  slug: 's',
  seo_title: '',
  search_description: '',
  robots: '',
  content: { body },
});

describe('revision compare (unit)', () => {
  it('lists only the fields and blocks that changed, by block id', () => {
    const before = snap('Menu', [text('a', 'One'), text('b', 'Two'), text('c', 'Three')]);
    const after = snap('Our menu', [text('b', 'Two'), text('a', 'One!'), text('d', 'Four')]);
    const changes = diffSnapshots(before, after);
    const summary = changes.map((c) => (c.kind === 'field' ? `field:${c.field}` : `${c.change}:${c.blockId}`));
    // b kept its content but now comes before a: moved; a changed in place.
    expect(summary).to.deep.equal(['field:title', 'moved:b', 'changed:a', 'added:d', 'removed:c']);
    const changed = changes.find((c) => c.kind === 'block' && c.blockId === 'a')!;
    expect(changed.changes).to.deep.equal([{ path: '', before: 'One', after: 'One!' }]);
    expect(diffSnapshots(before, before)).to.deep.equal([]);
  });
});

describe('back office: revisions, revert and scheduling', () => {
  let t: TestApp;
  let home: Page;
  let agent: SignedInAgent;
  let token: string;
  useTestApp({ signIn: true }, (suite) => ({ t, home, agent, token } = suite));

  const save = (id: number, fields: Record<string, string>) =>
    agent
      .post(`/wagtail/pages/${id}/edit/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, seo_title: '', search_description: '', ...fields });

  it('lists revisions, compares one with live showing only what changed, and reverts into a new draft', async () => {
    const page = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Story',
      slug: 'story-rev',
      content: { body: [], confirmation_content: [] },
      publish: true,
    });
    const first = page.latest_revision_id!;
    await save(page.id, { title: 'Our story', slug: 'story-rev', search_description: 'Since 1987' }).expect(303);
    // The old revisions list now lives on the history screen.
    await agent
      .get(`/wagtail/pages/${page.id}/revisions/`)
      .expect(301)
      .expect('Location', `/wagtail/pages/${page.id}/history/`);
    const list = await agent.get(`/wagtail/pages/${page.id}/history/`).expect(200);
    expect(list.text).to.include('Compare with live');
    const latest = (await findPageById(t.db, page.id))!.latest_revision_id!;
    const compare = await agent.get(`/wagtail/pages/${page.id}/revisions/compare/live...${latest}/`).expect(200);
    expect(compare.text).to.include('Our story');
    expect(compare.text).to.include('Since 1987');
    expect(compare.text).to.include('data-change="field"');
    expect(compare.text).to.not.include('<h2>Slug</h2>');
    const twoRevisions = await agent
      .get(`/wagtail/pages/${page.id}/revisions/compare/${first}...${latest}/`)
      .expect(200);
    // Fields by their labels, never their keys.
    expect(twoRevisions.text).to.include('<h2>Title</h2>');
    await agent.get(`/wagtail/pages/${page.id}/revisions/compare/nonsense/`).expect(400);
    await agent.get(`/wagtail/pages/${page.id}/revisions/${first}/view/`).expect(200);

    await agent
      .post(`/wagtail/pages/${page.id}/revisions/${first}/revert/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, confirm: 'yes' })
      .expect(303);
    const reverted = (await findPageById(t.db, page.id))!;
    expect(reverted.latest_revision_id).to.be.greaterThan(latest);
    expect(reverted.title).to.equal('Story');
    expect(reverted.has_unpublished_changes).to.equal(true);
    const editor = await agent.get(`/wagtail/pages/${page.id}/edit/`).expect(200);
    expect(editor.text).to.include('value="Story"');
    expect(editor.text).to.include('reverted to an earlier revision');
    const log = await t.db.selectFrom('page_log_entries').select('action').where('page_id', '=', page.id).execute();
    expect(log.map((r) => r.action)).to.include('revert');
    // A revision of another page is not found.
    const other = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Else',
      slug: 'else-rev',
      content: { body: [], confirmation_content: [] },
    });
    await agent
      .post(`/wagtail/pages/${other.id}/revisions/${first}/revert/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, confirm: 'yes' })
      .expect(404);
  });

  it('schedules a publish with a future go-live; the job publishes it once due', async () => {
    const page = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Launch',
      slug: 'launch',
      content: { body: [], confirmation_content: [] },
    });
    const goLive = new Date(Date.now() + 60 * 60 * 1000).toISOString().slice(0, 16);
    await save(page.id, {
      title: 'Launch',
      slug: 'launch',
      go_live_at: goLive,
      'action-publish': 'action-publish',
    }).expect(303);
    const scheduled = (await findPageById(t.db, page.id))!;
    expect(scheduled.live).to.equal(false);
    const editor = await agent.get(`/wagtail/pages/${page.id}/edit/`).expect(200);
    expect(editor.text).to.include('scheduled for publishing');
    await request(t.app).get('/launch/').expect(404);
    expect(await runDueJobs(t.db, pageJobHandlers, t.logger)).to.equal(0);
    // Time passes: the job becomes due.
    await t.db
      .updateTable('jobs')
      .set({ run_at: new Date(Date.now() - 1000) })
      .where('dedupe_key', '=', `publish:${page.id}`)
      .execute();
    expect(await runDueJobs(t.db, pageJobHandlers, t.logger)).to.equal(1);
    expect((await findPageById(t.db, page.id))!.live).to.equal(true);
    await request(t.app).get('/launch/').expect(200);
  });

  it('expires a page at its expiry time', async () => {
    const page = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Promo',
      slug: 'promo',
      content: { body: [], confirmation_content: [] },
    });
    const expire = new Date(Date.now() + 60 * 60 * 1000).toISOString().slice(0, 16);
    await save(page.id, {
      title: 'Promo',
      slug: 'promo',
      expire_at: expire,
      'action-publish': 'action-publish',
    }).expect(303);
    await request(t.app).get('/promo/').expect(200);
    await t.db
      .updateTable('pages')
      .set({ expire_at: new Date(Date.now() - 1000) })
      .where('id', '=', page.id)
      .execute();
    await t.db
      .updateTable('jobs')
      .set({ run_at: new Date(Date.now() - 1000) })
      .where('dedupe_key', '=', `expire:${page.id}`)
      .execute();
    await runDueJobs(t.db, pageJobHandlers, t.logger);
    expect((await findPageById(t.db, page.id))!).to.include({ live: false, expired: true });
    await request(t.app).get('/promo/').expect(404);
  });

  it('rejects an invalid go-live time with the input kept', async () => {
    const page = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Bad time',
      slug: 'bad-time',
      content: { body: [], confirmation_content: [] },
    });
    const res = await save(page.id, { title: 'Bad time', slug: 'bad-time', go_live_at: 'tomorrow-ish' }).expect(400);
    expect(res.text).to.include('Enter a valid date and time.');
    expect(res.text).to.include('value="tomorrow-ish"');
  });

  it('two runners claim distinct jobs', async () => {
    const past = new Date(Date.now() - 1000);
    for (let i = 0; i < 6; i++) await enqueueJob(t.db, { kind: 'test.noop', payload: { i }, runAt: past });
    const [a, b] = await Promise.all([claimDueJobs(t.db, 3), claimDueJobs(t.db, 3)]);
    const ids = [...a, ...b].map((job) => job.id);
    expect(a.length).to.be.greaterThan(0);
    expect(b.length).to.be.greaterThan(0);
    expect(new Set(ids).size).to.equal(ids.length);
    expect(ids.length).to.be.at.least(6);
    expect(await claimDueJobs(t.db, 3)).to.deep.equal([]);
  });
});
