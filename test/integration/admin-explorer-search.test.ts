import { expect } from 'chai';
import {
  insertGroup,
  replaceGroupPagePermissions,
  replaceUserGroups,
} from '../../server/modules/permissions/groups-repo';
import { createPage } from '../../server/modules/pages/service';
import { insertRestriction, PAGE_RESTRICTIONS } from '../../server/modules/privacy/repo';
import type { Page } from '../../server/modules/pages/table';
import { hashPassword } from '../../server/modules/users/passwords';
import { insertUser } from '../../server/modules/users/repo';
import { signedInAgent } from '../helpers/admin';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

const emptyContent = { body: [], confirmation_content: [] };
const EDITOR = { username: 'search-editor', password: 'search-editor-password' };

/** The result rows as [title, parent] pairs, read from the rendered table. */
function resultsOf(html: string): Array<[string, string]> {
  const body = /<tbody>(.*?)<\/tbody>/s.exec(html)?.[1] ?? '';
  return [...body.matchAll(/<tr[^>]*>(.*?)<\/tr>/gs)].map((row) => {
    const cells = [...row[1]!.matchAll(/<td>(.*?)<\/td>/gs)].map((cell) => cell[1]!);
    const title = /class="admin-table__title"[^>]*>([^<]*)</.exec(cells[0] ?? '')?.[1] ?? '';
    const parent = /<a href="[^"]*">([^<]*)</.exec(cells[1] ?? '')?.[1] ?? '';
    return [title.replace(/&amp;/g, '&'), parent];
  });
}

describe('back office: page search', () => {
  let t: TestApp;
  let inside: Page;
  let outside: Page;
  useTestApp({}, (suite) => ({ t } = suite));
  before(async () => {
    const homes = await t.db.selectFrom('pages').selectAll().where('depth', '=', 2).orderBy('path').execute();
    const us = homes.find((h) => h.title === 'Harborline Seafood')!;
    const ca = homes.find((h) => h.title === 'Harborline Seafood Canada')!;
    inside = await createPage(t.db, {
      parentId: us.id,
      pageType: 'ExamplePage',
      title: 'Zebrafish section',
      content: emptyContent,
      publish: true,
    });
    outside = await createPage(t.db, {
      parentId: ca.id,
      pageType: 'ExamplePage',
      title: 'Zebrafish abroad',
      content: emptyContent,
      publish: true,
    });
    // Ranking: exact title, then prefix, then contained, then slug / SEO title matches.
    await createPage(t.db, {
      parentId: inside.id,
      pageType: 'ExamplePage',
      title: 'Grilled zebrafish',
      content: emptyContent,
    });
    await createPage(t.db, {
      parentId: inside.id,
      pageType: 'ExamplePage',
      title: 'Zebrafish',
      content: emptyContent,
      publish: true,
    });
    await createPage(t.db, {
      parentId: inside.id,
      pageType: 'ExamplePage',
      title: 'Zebrafish tacos',
      content: emptyContent,
    });
    await createPage(t.db, {
      parentId: inside.id,
      pageType: 'ExamplePage',
      title: 'Striped specials',
      slug: 'zebrafish-specials',
      content: emptyContent,
    });
    await createPage(t.db, {
      parentId: inside.id,
      pageType: 'ExamplePage',
      title: 'Promo 100% off_peak',
      seo_title: 'Zebrafish promotion',
      content: emptyContent,
    });
    const group = await insertGroup(t.db, { name: 'Search section editors', can_access_admin: true });
    await replaceGroupPagePermissions(t.db, group.id, [{ page_id: inside.id, permission_type: 'change' }]);
    const editor = await insertUser(t.db, {
      username: EDITOR.username,
      email: 'search-editor@example.com',
      password_hash: await hashPassword(EDITOR.password),
      is_superuser: false,
    });
    await replaceUserGroups(t.db, editor.id, [group.id]);
  });

  it('finds pages by title, slug or SEO title, case-insensitively, best title matches first, with their parent', async () => {
    const agent = await signedInAgent(t.app);
    const res = await agent.get('/wagtail/pages/search/?q=ZEBRAfish').expect(200);
    expect(resultsOf(res.text)).to.deep.equal([
      ['Zebrafish', 'Zebrafish section'],
      ['Zebrafish abroad', 'Harborline Seafood Canada'],
      ['Zebrafish section', 'Harborline Seafood'],
      ['Zebrafish tacos', 'Zebrafish section'],
      ['Grilled zebrafish', 'Zebrafish section'],
      ['Promo 100% off_peak', 'Zebrafish section'],
      ['Striped specials', 'Zebrafish section'],
    ]);
    expect(res.text).to.include('There are 7 matches for &quot;ZEBRAfish&quot;.');
    expect(res.text).to.include(`href="/wagtail/pages/${inside.id}/"`);
    // Each row shows its status and type.
    expect(res.text).to.include('admin-status--live').and.to.include('Content page');
  });

  it('marks private results, private themselves or under a private page', async () => {
    await insertRestriction(t.db, PAGE_RESTRICTIONS, { ownerId: inside.id, type: 'login', passwordHash: null });
    try {
      const agent = await signedInAgent(t.app);
      const res = await agent.get('/wagtail/pages/search/?q=zebrafish').expect(200);
      const rows = [...(/<tbody>(.*?)<\/tbody>/s.exec(res.text)?.[1] ?? '').matchAll(/<tr[^>]*>(.*?)<\/tr>/gs)].map(
        (row) => row[1]!,
      );
      const privateTitles = rows
        .filter((row) => row.includes('admin-status--private'))
        .map((row) => /class="admin-table__title"[^>]*>([^<]*)</.exec(row)?.[1]);
      expect(privateTitles).to.have.members([
        'Zebrafish',
        'Zebrafish section',
        'Zebrafish tacos',
        'Grilled zebrafish',
        'Promo 100% off_peak',
        'Striped specials',
      ]);
    } finally {
      await t.db.deleteFrom('page_view_restrictions').where('page_id', '=', inside.id).execute();
    }
  });

  it('matches every word, and treats % and _ as plain characters', async () => {
    const agent = await signedInAgent(t.app);
    expect(
      resultsOf((await agent.get('/wagtail/pages/search/?q=tacos%20zebra').expect(200)).text).map(([title]) => title),
    ).to.deep.equal(['Zebrafish tacos']);
    // '%' is no wildcard: the title match comes first; the rest have the word "100" in their body text.
    const hundred = resultsOf((await agent.get('/wagtail/pages/search/?q=100%25').expect(200)).text).map(
      ([title]) => title,
    );
    expect(hundred[0]).to.equal('Promo 100% off_peak');
    expect(hundred).to.not.include.members(['Zebrafish', 'Zebrafish tacos', 'Striped specials']);
    expect(resultsOf((await agent.get('/wagtail/pages/search/?q=o_f').expect(200)).text)).to.deep.equal([]);
    const none = await agent.get('/wagtail/pages/search/?q=no-such-page-anywhere').expect(200);
    expect(none.text).to.include('Sorry, no pages match');
  });

  it('shows an editor limited to a subtree only the results inside it', async () => {
    const agent = await signedInAgent(t.app, EDITOR);
    const res = await agent.get('/wagtail/pages/search/?q=zebrafish').expect(200);
    const titles = resultsOf(res.text).map(([title]) => title);
    expect(titles).to.include.members(['Zebrafish section', 'Zebrafish', 'Striped specials']);
    expect(titles).not.to.include('Zebrafish abroad');
    // The US home is an ancestor the editor may navigate through, not a result.
    expect(resultsOf((await agent.get('/wagtail/pages/search/?q=Harborline').expect(200)).text)).to.deep.equal([]);
    expect(outside.id).to.be.a('number');
  });

  it('paginates results 50 a page and keeps the query in the links', async () => {
    const parent = await createPage(t.db, {
      parentId: inside.id,
      pageType: 'ExamplePage',
      title: 'Quahog list',
      content: emptyContent,
    });
    for (let i = 0; i < 51; i++)
      await createPage(t.db, {
        parentId: parent.id,
        pageType: 'ExamplePage',
        title: `Quahog ${String(i).padStart(2, '0')}`,
        content: emptyContent,
      });
    const agent = await signedInAgent(t.app);
    const first = await agent.get('/wagtail/pages/search/?q=quahog').expect(200);
    expect(resultsOf(first.text)).to.have.length(50);
    expect(first.text).to.include('Page 1 of 2').and.to.include('href="/wagtail/pages/search/?q=quahog&amp;p=2"');
    const second = await agent.get('/wagtail/pages/search/?q=quahog&p=2').expect(200);
    expect(resultsOf(second.text)).to.have.length(2);
  });

  it('shows the form alone for an empty query and a clear message for a bad one, keeping the input', async () => {
    const agent = await signedInAgent(t.app);
    const empty = await agent.get('/wagtail/pages/search/?q=%20%20').expect(200);
    expect(empty.text).to.include('<h1>Search pages</h1>').and.not.to.include('<tbody>');
    const long = 'x'.repeat(300);
    const tooLong = await agent.get(`/wagtail/pages/search/?q=${long}`).expect(400);
    expect(tooLong.text)
      .to.include('Enter at most 255 characters.')
      .and.to.include(`value="${long}"`)
      .and.to.include('aria-invalid="true"');
    const badPage = await agent.get('/wagtail/pages/search/?q=zebrafish&p=zero').expect(400);
    expect(badPage.text).to.include('Page number: Enter a whole number of at least 1.');
  });

  it('offers the search box in the explorer', async () => {
    const agent = await signedInAgent(t.app);
    const res = await agent.get(`/wagtail/pages/${inside.id}/`).expect(200);
    expect(res.text).to.match(/<form role="search"[^>]*action="\/wagtail\/pages\/search\/" method="get">/);
    expect(res.text).to.include('<label for="id_page_search">Search pages</label>');
  });
});
