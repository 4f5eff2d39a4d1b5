import { expect } from 'chai';
import { saveRevision } from '../../server/modules/pages/edit-service';
import { findPageById, findRevision } from '../../server/modules/pages/repo';
import { createPage } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import type { TestApp } from '../helpers/app';
import { useTestApp, type SignedInAgent } from '../helpers/app-suite';

describe('back office: unscheduling a scheduled revision', () => {
  let t: TestApp;
  let home: Page;
  let agent: SignedInAgent;
  let token: string;
  let userId: number;
  useTestApp({ signIn: true }, (suite) => ({ t, home, agent, token } = suite));
  before(async () => {
    userId = (await t.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  });

  const pendingJobs = (pageId: number) =>
    t.db
      .selectFrom('jobs')
      .select(['id', 'kind'])
      .where('dedupe_key', '=', `publish:${pageId}`)
      .where('status', '=', 'pending')
      .execute();
  const fields = (title: string, slug: string) => ({ title, slug, seo_title: '', search_description: '' });

  it('lists the scheduled version on the dashboard, unschedules it (job cancelled, audit entry) and keeps the live page', async () => {
    const page = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Summer menu',
      slug: 'unschedule-summer',
      content: { body: [], confirmation_content: [] },
      publish: true,
      userId,
    });
    const goLiveAt = new Date(Date.now() + 3 * 24 * 3600 * 1000);
    await saveRevision(t.db, page.id, userId, fields('Summer menu 2027', 'unschedule-summer'), {
      publish: true,
      schedule: { goLiveAt, expireAt: null },
    });
    const scheduled = (await findPageById(t.db, page.id))!;
    const revisionId = scheduled.latest_revision_id!;
    expect((await findRevision(t.db, revisionId))!.approved_go_live_at).to.not.equal(null);
    expect(await pendingJobs(page.id)).to.have.length(1);

    const dashboard = await agent.get('/wagtail/').expect(200);
    expect(dashboard.text).to.include('<h2 id="scheduled">Scheduled</h2>');
    expect(dashboard.text).to.include('Summer menu 2027');
    expect(dashboard.text).to.include(`/wagtail/pages/${page.id}/revisions/${revisionId}/unschedule/`);
    const revisions = await agent.get(`/wagtail/pages/${page.id}/history/`).expect(200);
    expect(revisions.text).to.include(`/wagtail/pages/${page.id}/revisions/${revisionId}/unschedule/`);

    const confirm = await agent.get(`/wagtail/pages/${page.id}/revisions/${revisionId}/unschedule/`).expect(200);
    expect(confirm.text).to.include('Yes, unschedule');
    expect(confirm.text).to.include(`dateTime="${goLiveAt.toISOString()}"`);

    await agent
      .post(`/wagtail/pages/${page.id}/revisions/${revisionId}/unschedule/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token })
      .expect(303)
      .expect('Location', `/wagtail/pages/${page.id}/edit/`);
    expect((await findRevision(t.db, revisionId))!.approved_go_live_at).to.equal(null);
    expect(await pendingJobs(page.id)).to.deep.equal([]);
    const after = (await findPageById(t.db, page.id))!;
    expect(after).to.include({ live: true, title: 'Summer menu', go_live_at: null });
    const log = await t.db
      .selectFrom('page_log_entries')
      .select(['action', 'user_id', 'revision_id'])
      .where('page_id', '=', page.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).to.deep.equal({ action: 'unschedule', user_id: userId, revision_id: revisionId });
    const history = await agent.get(`/wagtail/pages/${page.id}/history/`).expect(200);
    expect(history.text).to.include('cancelled');
    expect((await agent.get('/wagtail/').expect(200)).text).to.not.include('Summer menu 2027');

    // A second unschedule (another tab): refused with a reason, nothing changes.
    const again = await agent
      .post(`/wagtail/pages/${page.id}/revisions/${revisionId}/unschedule/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token })
      .expect(409);
    expect(again.text).to.include('is not scheduled for publishing');
    // The unscheduled version can still be published later by hand.
    await saveRevision(t.db, page.id, userId, fields('Summer menu 2027', 'unschedule-summer'), { publish: true });
    expect((await findPageById(t.db, page.id))!.title).to.equal('Summer menu 2027');
  });

  it('refuses bad and foreign revision ids, and a missing CSRF token', async () => {
    const page = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Winter menu',
      slug: 'unschedule-winter',
      content: { body: [], confirmation_content: [] },
      publish: true,
      userId,
    });
    const other = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Other',
      slug: 'unschedule-other',
      content: { body: [], confirmation_content: [] },
      publish: true,
      userId,
    });
    await agent.get(`/wagtail/pages/${page.id}/revisions/abc/unschedule/`).expect(400);
    await agent.get(`/wagtail/pages/${page.id}/revisions/${other.latest_revision_id}/unschedule/`).expect(404);
    await agent
      .post(`/wagtail/pages/${page.id}/revisions/${other.latest_revision_id}/unschedule/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token })
      .expect(404);
    await agent
      .post(`/wagtail/pages/999999/revisions/1/unschedule/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token })
      .expect(404);
    await agent
      .post(`/wagtail/pages/${page.id}/revisions/${page.latest_revision_id}/unschedule/`)
      .type('form')
      .send({})
      .expect(403);
    const notScheduled = await agent
      .get(`/wagtail/pages/${page.id}/revisions/${page.latest_revision_id}/unschedule/`)
      .expect(200);
    expect(notScheduled.text).to.include('This version is not scheduled for publishing.');
    expect(notScheduled.text).to.not.include('Yes, unschedule');
  });
});
