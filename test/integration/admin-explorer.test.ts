import { expect } from 'chai';
import { findRootPage, insertRevision, updatePage } from '../../server/modules/pages/repo';
import { createPage, publishRevision } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import { TEST_ADMIN, type TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

const emptyContent = { body: [], confirmation_content: [] };

/** The explorer rows as [title, status] pairs, read from the rendered table. */
function rowsOf(html: string): Array<[string, string]> {
  const body = /<tbody>(.*?)<\/tbody>/s.exec(html)?.[1] ?? '';
  return [...body.matchAll(/<tr>(.*?)<\/tr>/gs)].map((row) => {
    const title = /class="admin-table__title"[^>]*>([^<]*)</.exec(row[1]!)?.[1] ?? '';
    const status = /class="admin-status[^"]*">([^<]*)</.exec(row[1]!)?.[1] ?? '';
    return [title, status.replace('&amp;', '&')];
  });
}

describe('back office: page explorer', () => {
  let t: TestApp;
  let home: Page;
  let section: Page;
  useTestApp({}, (suite) => ({ t, home } = suite));
  before(async () => {
    section = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Explorer section',
      content: emptyContent,
      publish: true,
    });
    await createPage(t.db, { parentId: section.id, pageType: 'ExamplePage', title: 'A draft', content: emptyContent });
    await createPage(t.db, {
      parentId: section.id,
      pageType: 'ExamplePage',
      title: 'B live',
      content: emptyContent,
      publish: true,
    });
    const liveDraft = await createPage(t.db, {
      parentId: section.id,
      pageType: 'ExamplePage',
      title: 'C live draft',
      content: emptyContent,
      publish: true,
    });
    const draftRevision = await insertRevision(t.db, {
      page_id: liveDraft.id,
      user_id: null,
      content: {
        title: 'C live draft',
        slug: liveDraft.slug,
        seo_title: '',
        search_description: '',
        robots: '',
        content: emptyContent,
      },
    });
    await updatePage(t.db, liveDraft.id, { latest_revision_id: draftRevision.id, has_unpublished_changes: true });
    const scheduled = await createPage(t.db, {
      parentId: section.id,
      pageType: 'ExamplePage',
      title: 'D scheduled',
      content: emptyContent,
    });
    await t.db
      .updateTable('page_revisions')
      .set({ approved_go_live_at: new Date(Date.now() + 86_400_000) })
      .where('page_id', '=', scheduled.id)
      .execute();
    const expired = await createPage(t.db, {
      parentId: section.id,
      pageType: 'ExamplePage',
      title: 'E expired',
      content: emptyContent,
      publish: true,
    });
    await updatePage(t.db, expired.id, { live: false, expired: true });
    // publishRevision of the latest revision leaves no unpublished changes.
    await publishRevision(t.db, liveDraft.id, liveDraft.latest_revision_id!);
    await updatePage(t.db, liveDraft.id, { latest_revision_id: draftRevision.id, has_unpublished_changes: true });
  });

  it('lists the tree root and its home pages at /wagtail/pages/', async () => {
    const agent = await signedInAgent(t.app);
    const res = await agent.get('/wagtail/pages/').expect(200);
    const root = await findRootPage(t.db);
    expect(res.text).to.include(`<h1>${root!.title}</h1>`);
    expect(rowsOf(res.text).map(([title]) => title)).to.include.members([
      'Harborline Seafood',
      'Harborline Seafood Canada',
    ]);
    expect(res.text).to.include('Home page');
  });

  it('shows breadcrumbs, children in sibling order with type and a status tag in words', async () => {
    const agent = await signedInAgent(t.app);
    const res = await agent.get(`/wagtail/pages/${section.id}/`).expect(200);
    expect(rowsOf(res.text)).to.deep.equal([
      ['A draft', 'draft'],
      ['B live', 'live'],
      ['C live draft', 'live + draft'],
      ['D scheduled', 'scheduled'],
      ['E expired', 'expired'],
    ]);
    const breadcrumbs = /<nav aria-label="Breadcrumb"[^>]*>(.*?)<\/nav>/s.exec(res.text)?.[1] ?? '';
    expect(breadcrumbs).to.include('Root');
    expect(breadcrumbs).to.include('Harborline Seafood');
    expect(breadcrumbs).to.include('aria-current="page">Explorer section<');
    expect(res.text).to.include('Content page');
    expect(res.text).to.match(/href="\/wagtail\/pages\/\d+\/edit\/">A draft</);
  });

  it('paginates 50 children a page, with ?p= and a clamp past the end', async () => {
    const parent = await createPage(t.db, {
      parentId: section.id,
      pageType: 'ExamplePage',
      title: 'Many children',
      content: emptyContent,
    });
    for (let i = 0; i < 51; i++) {
      await createPage(t.db, {
        parentId: parent.id,
        pageType: 'ExamplePage',
        title: `Child ${String(i).padStart(2, '0')}`,
        content: emptyContent,
      });
    }
    const agent = await signedInAgent(t.app);
    const first = await agent.get(`/wagtail/pages/${parent.id}/`).expect(200);
    expect(rowsOf(first.text)).to.have.length(50);
    expect(first.text).to.include('Page 1 of 2');
    expect(first.text).to.include(`href="/wagtail/pages/${parent.id}/?p=2"`);
    const second = await agent.get(`/wagtail/pages/${parent.id}/?p=2`).expect(200);
    expect(rowsOf(second.text)).to.deep.equal([['Child 50', 'draft']]);
    const past = await agent.get(`/wagtail/pages/${parent.id}/?p=9`).expect(200);
    expect(past.text).to.include('Page 2 of 2');
    await agent.get(`/wagtail/pages/${parent.id}/?p=zero`).set('Accept', 'application/json').expect(400);
  });

  it('answers an unknown page with 404 and a malformed id with 400', async () => {
    const agent = await signedInAgent(t.app);
    await agent.get('/wagtail/pages/999999/').set('Accept', 'application/json').expect(404);
    await agent.get('/wagtail/pages/abc/').set('Accept', 'application/json').expect(400);
  });

  it('shows your drafts, your own recent edits and your pages on the dashboard', async () => {
    const mine = await createPage(t.db, {
      parentId: section.id,
      pageType: 'ExamplePage',
      title: 'Freshly edited',
      content: emptyContent,
      publish: true,
    });
    await createPage(t.db, {
      parentId: section.id,
      pageType: 'ExamplePage',
      title: 'Edited by nobody here',
      content: emptyContent,
    });
    const agent = await signedInAgent(t.app);
    const form = await agent.get(`/wagtail/pages/${mine.id}/edit/`).expect(200);
    await agent
      .post(`/wagtail/pages/${mine.id}/edit/`)
      .type('form')
      .send({ csrfmiddlewaretoken: csrfTokenIn(form.text), title: 'Freshly edited', slug: mine.slug })
      .expect(303);
    const res = await agent.get('/wagtail/').expect(200);
    const recent = /aria-labelledby="recent-edits"(.*?)<\/section>/s.exec(res.text)?.[1] ?? '';
    // Only the user's own saves: a page someone else (here: the seed, no user) saved is not listed.
    expect(recent).to.include('Freshly edited').and.not.include('Edited by nobody here');
    const drafts = /aria-labelledby="your-drafts"(.*?)<\/section>/s.exec(res.text)?.[1] ?? '';
    expect(rowsOf(drafts).map(([title]) => title)).to.deep.equal(['Freshly edited']);
    // The seeded pages belong to the seeded superuser; the ones created above have no owner.
    const yours = /aria-labelledby="your-pages"(.*?)<\/section>/s.exec(res.text)?.[1] ?? '';
    const titles = rowsOf(yours).map(([title]) => title);
    const owned = await t.db
      .selectFrom('pages')
      .innerJoin('users', 'users.id', 'pages.owner_id')
      .select('pages.title')
      .where('users.username', '=', TEST_ADMIN.username)
      .execute();
    expect(titles).to.have.length.within(1, 10);
    expect(owned.map((p) => p.title)).to.include.members(titles);
    expect(titles).not.to.include('Freshly edited');
  });
});
