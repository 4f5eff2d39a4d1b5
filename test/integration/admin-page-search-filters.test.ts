import { expect } from 'chai';
import type request from 'supertest';
import {
  insertGroup,
  replaceGroupPagePermissions,
  replaceUserGroups,
} from '../../server/modules/permissions/groups-repo';
import { createPage } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import { hashPassword } from '../../server/modules/users/passwords';
import { insertUser } from '../../server/modules/users/repo';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

const emptyContent = { body: [] };
const EDITOR = { username: 'search-filter-editor', password: 'search-filter-editor-password' };
const SEARCH = '/wagtail/pages/search/';

/** The titles in the results table, in order. */
function titlesOf(html: string): string[] {
  const body = /<tbody>(.*?)<\/tbody>/s.exec(html)?.[1] ?? '';
  return [...body.matchAll(/class="admin-table__title"[^>]*>([^<]*)</g)].map((m) => m[1]!);
}

const decode = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<');

describe('back office: page search with the filter drawer and bulk actions', () => {
  let t: TestApp;
  let home: Page;
  let admin: ReturnType<typeof request.agent>;
  let editor: ReturnType<typeof request.agent>;
  let section: Page;
  let ownerId: number;
  const page = (parent: Page, title: string, publish = true, pageType = 'ExamplePage', userId?: number) =>
    createPage(t.db, { parentId: parent.id, pageType, title, content: emptyContent, publish, userId });

  useTestApp({ signIn: true }, (suite) => ({ t, home, agent: admin } = suite));
  before(async () => {
    section = await page(home, 'Flatfish section');
    const editors = await insertGroup(t.db, { name: 'Halibut editors', can_access_admin: true });
    await replaceGroupPagePermissions(t.db, editors.id, [
      { page_id: section.id, permission_type: 'add' },
      { page_id: section.id, permission_type: 'change' },
    ]);
    const user = await insertUser(t.db, {
      username: EDITOR.username,
      email: 'search-filter-editor@example.com',
      password_hash: await hashPassword(EDITOR.password),
      is_superuser: false,
    });
    ownerId = user.id;
    await replaceUserGroups(t.db, user.id, [editors.id]);
    editor = await signedInAgent(t.app, EDITOR);
    await page(section, 'Halibut live');
    await page(section, 'Halibut draft', false);
    await page(section, 'Halibut owned', true, 'ExamplePage', ownerId);
    await page(section, 'Halibut utility', true, 'UtilityPage');
    // Not a match for the words: a filter never widens the search.
    await page(section, 'Turbot draft', false);
  });

  it('combines the words with each filter, all in the URL', async () => {
    const search = async (query: string) => titlesOf((await admin.get(`${SEARCH}?${query}`).expect(200)).text);
    expect(await search('q=halibut')).to.have.members([
      'Halibut live',
      'Halibut draft',
      'Halibut owned',
      'Halibut utility',
    ]);
    expect(await search('q=halibut&status=draft')).to.deep.equal(['Halibut draft']);
    expect(await search('q=halibut&type=UtilityPage')).to.deep.equal(['Halibut utility']);
    expect(await search(`q=halibut&owner=${ownerId}`)).to.deep.equal(['Halibut owned']);
    expect(await search('q=halibut&status=live&type=ExamplePage')).to.have.members(['Halibut live', 'Halibut owned']);
    const locale = await t.db
      .selectFrom('locales')
      .select('language_code')
      .where('id', '=', section.locale_id)
      .executeTakeFirstOrThrow();
    expect(await search(`q=halibut&locale=${locale.language_code}`)).to.have.length(4);
    const otherSite = await t.db
      .selectFrom('sites')
      .innerJoin('pages', 'pages.id', 'sites.root_page_id')
      .select(['sites.id', 'pages.path'])
      .execute()
      .then((sites) => sites.find((s) => !section.path.startsWith(s.path)));
    if (otherSite) {
      const none = (await admin.get(`${SEARCH}?q=halibut&site=${otherSite.id}`).expect(200)).text;
      expect(titlesOf(none)).to.deep.equal([]);
      expect(decode(none)).to.include('Sorry, no pages match "halibut" with these filters.');
    }
    // Filters and no words: every page passing them (here the drafts of this section and others).
    const drafts = await search('status=draft');
    expect(drafts).to.include.members(['Halibut draft', 'Turbot draft']);
    expect(drafts).not.to.include('Halibut live');
  });

  it('shows chips that keep the words, a clear-all, and carries the filters into the search box and paging', async () => {
    const html = decode((await admin.get(`${SEARCH}?q=halibut&status=live&type=ExamplePage`).expect(200)).text);
    expect(html).to.include('Filters (2 applied)');
    expect(html).to.include('Status: Live');
    expect(html).to.include('Page type: Content page');
    expect(html).to.include(`href="${SEARCH}?q=halibut&type=ExamplePage"`);
    expect(html).to.include(`href="${SEARCH}?q=halibut&status=live"`);
    expect(html).to.include(`href="${SEARCH}?q=halibut">Clear all filters`);
    // A new search keeps the filters, and the drawer's form keeps the words.
    const searchForm = /<form role="search" aria-label="Pages"[^>]*>(.*?)<\/form>/s.exec(html)?.[1] ?? '';
    expect(searchForm).to.include('<input type="hidden" name="type" value="ExamplePage"/>');
    expect(searchForm).to.include('<input type="hidden" name="status" value="live"/>');
    const drawer = /<details class="admin-filters".*?<\/details>/s.exec(html)?.[0] ?? '';
    expect(drawer).to.include('<input type="hidden" name="q" value="halibut"/>');
    expect(drawer).to.include(`action="${SEARCH}" method="get"`);
  });

  it('answers bad filter values with a message by the field (400) and applies none of them', async () => {
    for (const [query, message] of [
      ['status=gone', 'Choose a status among'],
      ['type=NoSuchPage', "There is no page type 'NoSuchPage'."],
      ['owner=abc', 'Choose one of the listed values.'],
      ['owner=999999', 'There is no user with id 999999.'],
      ['site=999999', 'There is no site with id 999999.'],
      ['locale=1%3B%20drop', 'Choose a language from the list.'],
    ] as const) {
      // With a valid filter beside the bad one (a valid type, or a valid status for the type cases).
      const other = query.startsWith('type=') ? 'status=draft' : 'type=UtilityPage';
      const res = await admin.get(`${SEARCH}?q=halibut&${query}&${other}`);
      expect(res.status, query).to.equal(400);
      const html = decode(res.text);
      expect(html, query).to.include('The filters were not applied');
      expect(html, query).to.include(message);
      expect(html, query).to.match(/<details class="admin-filters" open=""/);
      expect(html, query).to.include('<title>Error: Search pages: halibut');
      // The words still search; no filter (not even the valid type) narrows them.
      expect(titlesOf(res.text), query).to.have.length(4);
    }
    // Words too long and a bad filter: both reasons, no results and no 500.
    const both = await admin.get(`${SEARCH}?q=${'x'.repeat(300)}&status=gone`).expect(400);
    expect(both.text).to.include('Enter at most');
    expect(both.text).to.include('Choose a status among');
    expect(titlesOf(both.text)).to.deep.equal([]);
  });

  it('offers the bulk actions bar by permission, coming back to the search', async () => {
    const asAdmin = decode((await admin.get(`${SEARCH}?q=halibut&type=ExamplePage`).expect(200)).text);
    for (const label of ['Publish', 'Unpublish', 'Move', 'Delete']) expect(asAdmin).to.include(`>${label} selected<`);
    expect(asAdmin).to.include('data-bulk-select-all');
    expect(asAdmin).to.include(`<input type="hidden" name="next" value="${SEARCH}?q=halibut&type=ExamplePage"/>`);
    // Unpublish is offered only when some result is live.
    const drafts = decode((await admin.get(`${SEARCH}?q=halibut&status=draft`).expect(200)).text);
    expect(drafts).to.include('>Publish selected<');
    expect(drafts).not.to.include('>Unpublish selected<');
    expect(asAdmin).to.match(/<input type="checkbox" form="page-bulk" aria-label="Select Halibut live"[^>]* name="id"/);
    // An editor with add and change (no publish) may move live pages, and move or delete drafts.
    const live = (await editor.get(`${SEARCH}?q=halibut&status=live`).expect(200)).text;
    expect(live).to.include('>Move selected<');
    for (const label of ['Publish', 'Unpublish', 'Delete']) expect(live).not.to.include(`>${label} selected<`);
    const draft = (await editor.get(`${SEARCH}?q=halibut&status=draft`).expect(200)).text;
    expect(draft).to.include('>Move selected<').and.to.include('>Delete selected<');
    expect(draft).not.to.include('>Publish selected<');
    // Results the user may do nothing with in bulk: no bar and no checkboxes.
    const viewer = await insertGroup(t.db, { name: 'Halibut viewers', can_access_admin: true });
    const user = await insertUser(t.db, {
      username: 'search-filter-viewer',
      email: 'search-filter-viewer@example.com',
      password_hash: await hashPassword('search-filter-viewer-password'),
      is_superuser: false,
    });
    await replaceUserGroups(t.db, user.id, [viewer.id]);
    const asViewer = (
      await (
        await signedInAgent(t.app, { username: 'search-filter-viewer', password: 'search-filter-viewer-password' })
      )
        .get(`${SEARCH}?q=halibut`)
        .expect(200)
    ).text;
    expect(titlesOf(asViewer)).to.deep.equal([]);
    expect(asViewer).not.to.include('data-page-bulk');
  });

  it('publishes from the search and comes back to it with the filters', async () => {
    const draft = await page(section, 'Halibut to publish', false);
    const next = `${SEARCH}?q=halibut&status=draft`;
    const token = csrfTokenIn((await admin.get('/wagtail/account/').expect(200)).text);
    const res = await admin
      .post('/wagtail/bulk/wagtailcore/page/publish/')
      .type('form')
      .send(`csrfmiddlewaretoken=${encodeURIComponent(token)}&id=${draft.id}&next=${encodeURIComponent(next)}`)
      .expect(303);
    expect(res.headers.location).to.equal(next);
    const after = (await admin.get(next).expect(200)).text;
    expect(decode(after)).to.include("1 page published: 'Halibut to publish'.");
    expect(titlesOf(after)).not.to.include('Halibut to publish');
  });
});
