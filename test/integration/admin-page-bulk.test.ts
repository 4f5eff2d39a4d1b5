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
const EDITOR = { username: 'bulk-editor', password: 'bulk-editor-password' };
const BULK = '/wagtail/bulk/wagtailcore/page';
const ids = (...pages: Page[]) => pages.map((page) => `id=${page.id}`).join('&');

/** The titles in the explorer's table, in order. */
function titlesOf(html: string): string[] {
  const body = /<tbody>(.*?)<\/tbody>/s.exec(html)?.[1] ?? '';
  return [...body.matchAll(/class="admin-table__title"[^>]*>([^<]*)</g)].map((m) => m[1]!);
}

/** The titles listed under a confirmation screen's section heading (by its id). */
function listedUnder(html: string, sectionId: string): string[] {
  const section = new RegExp(`<section aria-labelledby="${sectionId}">(.*?)</section>`, 's').exec(html)?.[1] ?? '';
  return [...section.matchAll(/<a href="\/wagtail\/pages\/\d+\/edit\/">([^<]*)<\/a>/g)].map((m) => m[1]!);
}

describe('back office: explorer filters and bulk actions on pages', () => {
  let t: TestApp;
  let home: Page;
  let admin: ReturnType<typeof request.agent>;
  let editor: ReturnType<typeof request.agent>;
  let section: Page;
  let n = 0;
  const page = (parent: Page, title: string, publish = true, userId?: number) =>
    createPage(t.db, { parentId: parent.id, pageType: 'ExamplePage', title, content: emptyContent, publish, userId });
  const tokenOf = async (agent: ReturnType<typeof request.agent>) =>
    csrfTokenIn((await agent.get('/wagtail/account/').expect(200)).text);
  /** A bulk POST with the session's CSRF token, answered with `status`. */
  const post = async (agent: ReturnType<typeof request.agent>, action: string, body: string, status: number) => {
    const token = await tokenOf(agent);
    return agent
      .post(`${BULK}/${action}/`)
      .type('form')
      .send(`csrfmiddlewaretoken=${encodeURIComponent(token)}&${body}`)
      .expect(status);
  };
  const fresh = async (title: string) => page(section, `${title} ${++n}`);
  const reload = async (p: Page) => t.db.selectFrom('pages').selectAll().where('id', '=', p.id).executeTakeFirst();

  useTestApp({ signIn: true }, (suite) => ({ t, home, agent: admin } = suite));
  before(async () => {
    section = await page(home, 'Bulk section');
    const editors = await insertGroup(t.db, { name: 'Bulk editors', can_access_admin: true });
    await replaceGroupPagePermissions(t.db, editors.id, [
      { page_id: section.id, permission_type: 'add' },
      { page_id: section.id, permission_type: 'change' },
    ]);
    const user = await insertUser(t.db, {
      username: EDITOR.username,
      email: 'bulk-editor@example.com',
      password_hash: await hashPassword(EDITOR.password),
      is_superuser: false,
    });
    await replaceUserGroups(t.db, user.id, [editors.id]);
    editor = await signedInAgent(t.app, EDITOR);
  });

  describe('filters', () => {
    let parent: Page;
    let ownerId: number;
    before(async () => {
      parent = await page(section, 'Filtered parent');
      ownerId = (
        await t.db.selectFrom('users').select('id').where('username', '=', EDITOR.username).executeTakeFirstOrThrow()
      ).id;
      await page(parent, 'Live oysters');
      await page(parent, 'Draft clams', false);
      const owned = await page(parent, 'Owned mussels', true, ownerId);
      await t.db
        .insertInto('page_view_restrictions')
        .values({ page_id: owned.id, restriction_type: 'login' })
        .execute();
      await createPage(t.db, {
        parentId: parent.id,
        pageType: 'UtilityPage',
        title: 'Utility crab',
        content: emptyContent,
        publish: true,
      });
    });
    const list = (query: string) => admin.get(`/wagtail/pages/${parent.id}/?${query}`);

    it('filters by page type, status, owner, site and language, and keeps the ordering', async () => {
      expect(titlesOf((await list('type=UtilityPage').expect(200)).text)).to.deep.equal(['Utility crab']);
      expect(titlesOf((await list('status=draft').expect(200)).text)).to.deep.equal(['Draft clams']);
      expect(titlesOf((await list('status=live&ordering=title').expect(200)).text)).to.deep.equal([
        'Live oysters',
        'Owned mussels',
        'Utility crab',
      ]);
      expect(titlesOf((await list('status=private').expect(200)).text)).to.deep.equal(['Owned mussels']);
      expect(titlesOf((await list(`owner=${ownerId}`).expect(200)).text)).to.deep.equal(['Owned mussels']);
      const sites = await t.db
        .selectFrom('sites')
        .innerJoin('pages', 'pages.id', 'sites.root_page_id')
        .select(['sites.id', 'pages.path'])
        .execute();
      const mine = sites.find((s) => parent.path.startsWith(s.path))!;
      const other = sites.find((s) => !parent.path.startsWith(s.path))!;
      expect(titlesOf((await list(`site=${mine.id}`).expect(200)).text)).to.have.length(4);
      const none = (await list(`site=${other.id}`).expect(200)).text;
      expect(titlesOf(none)).to.deep.equal([]);
      expect(none).to.include('No pages match these filters.');
      const locale = await t.db
        .selectFrom('locales')
        .select(['id', 'language_code'])
        .where('id', '=', parent.locale_id)
        .executeTakeFirstOrThrow();
      expect(titlesOf((await list(`locale=${locale.language_code}`).expect(200)).text)).to.have.length(4);
      const french = await t.db
        .selectFrom('locales')
        .select('language_code')
        .where('id', '!=', parent.locale_id)
        .executeTakeFirst();
      if (french) expect(titlesOf((await list(`locale=${french.language_code}`).expect(200)).text)).to.deep.equal([]);
    });

    it('shows applied filters as removable chips with a clear-all, keeping the ordering in every link', async () => {
      const html = (await list('status=live&type=ExamplePage&ordering=-title').expect(200)).text;
      expect(html).to.include('Filters (2 applied)');
      expect(html).to.include('Page type: Content page');
      expect(html).to.include('Status: Live');
      const base = `/wagtail/pages/${parent.id}/`;
      // Removing one chip keeps the other filter and the ordering; clear all keeps only the ordering.
      expect(html).to.include(`href="${base}?ordering=-title&amp;status=live"`);
      expect(html).to.include(`href="${base}?ordering=-title&amp;type=ExamplePage"`);
      expect(html).to.include(`href="${base}?ordering=-title">Clear all filters`);
      // Sorting keeps the filters.
      expect(html).to.include(`href="${base}?ordering=title&amp;type=ExamplePage&amp;status=live"`);
      expect(titlesOf(html)).to.deep.equal(['Owned mussels', 'Live oysters']);
    });

    it('answers bad filter values with a message by the field (400), never a 500', async () => {
      for (const [query, message] of [
        ['status=gone', 'Choose a status among'],
        ['type=NoSuchPage', 'There is no page type'],
        ['type=%3Cscript%3E', 'Choose a page type from the list.'],
        ['owner=abc', 'Choose one of the listed values.'],
        ['owner=999999', 'There is no user with id 999999.'],
        ['site=999999', 'There is no site with id 999999.'],
        ['locale=xx-YY', 'There is no language'],
        ['locale=1%3B%20drop', 'Choose a language from the list.'],
      ] as const) {
        const res = await list(query);
        expect(res.status, query).to.equal(400);
        expect(res.text, query).to.include('The filters were not applied');
        expect(res.text, query).to.include(message);
        // Nothing is hidden by a refused filter: the listing is the unfiltered one.
        expect(titlesOf(res.text), query).to.have.length(4);
      }
    });
  });

  describe('bulk actions', () => {
    it('offers only the actions the user may do: no publish, unpublish or delete of live pages for an editor', async () => {
      const listing = await page(section, 'Offer parent');
      await page(listing, 'Offered child');
      const asEditor = (await editor.get(`/wagtail/pages/${listing.id}/`).expect(200)).text;
      expect(asEditor).to.include('>Move selected<');
      expect(asEditor).not.to.include('>Publish selected<');
      expect(asEditor).not.to.include('>Unpublish selected<');
      expect(asEditor).not.to.include('>Delete selected<');
      const asAdmin = (await admin.get(`/wagtail/pages/${listing.id}/`).expect(200)).text;
      for (const label of ['Publish', 'Unpublish', 'Move', 'Delete']) expect(asAdmin).to.include(`>${label} selected<`);
      expect(asAdmin).to.include('data-bulk-select-all');
    });

    it('publishes drafts through the editor publish (a revision and a log entry each), skipping pages with nothing new', async () => {
      const draft = await page(section, `Bulk draft ${++n}`, false);
      const live = await fresh('Bulk live');
      const confirm = (
        await admin.get(`${BULK}/publish/?${ids(draft, live)}&next=/wagtail/pages/${section.id}/`).expect(200)
      ).text;
      expect(listedUnder(confirm, 'bulk-act')).to.deep.equal([draft.title]);
      expect(listedUnder(confirm, 'bulk-state')).to.deep.equal([live.title]);
      expect(confirm).to.include('It is live and has no unpublished changes.');
      const res = await post(admin, 'publish', `${ids(draft, live)}&next=/wagtail/pages/${section.id}/`, 303);
      expect(res.headers.location).to.equal(`/wagtail/pages/${section.id}/`);
      expect((await reload(draft))!.live).to.equal(true);
      const log = await t.db.selectFrom('page_log_entries').select('action').where('page_id', '=', draft.id).execute();
      expect(log.map((e) => e.action)).to.include('publish');
      const flash = (await admin.get(`/wagtail/pages/${section.id}/`).expect(200)).text;
      expect(flash).to.include(`1 page published: &#x27;${draft.title}&#x27;.`);
      expect(flash).to.include('1 page skipped.');
    });

    it('refuses with 403 when the user may act on none of the pages, and lists them as skipped', async () => {
      const draft = await page(section, `Editor draft ${++n}`, false);
      const confirm = await editor.get(`${BULK}/publish/?${ids(draft)}`).expect(403);
      expect(listedUnder(confirm.text, 'bulk-denied')).to.deep.equal([draft.title]);
      expect(confirm.text).to.include('You do not have permission to publish this page.');
      expect(confirm.text).not.to.include('Yes, publish');
      await post(editor, 'publish', ids(draft), 403);
      expect((await reload(draft))!.live).to.equal(false);
    });

    it('lists pages outside the permissions apart and acts only on the others', async () => {
      const mine = await fresh('Editor movable');
      const theirs = await page(home, `Outside ${++n}`);
      const target = await fresh('Editor target');
      const choose = (await editor.get(`${BULK}/move/?${ids(mine, theirs)}`).expect(200)).text;
      expect(listedUnder(choose, 'bulk-act')).to.deep.equal([mine.title]);
      expect(listedUnder(choose, 'bulk-denied')).to.deep.equal([theirs.title]);
      expect(choose).to.include('New parent page');
      const confirm = (await editor.get(`${BULK}/move/?${ids(mine, theirs)}&destination=${target.id}`).expect(200))
        .text;
      expect(confirm).to.include(`to &#x27;${target.title}&#x27;`);
      await post(editor, 'move', `${ids(mine, theirs)}&destination=${target.id}`, 303);
      expect((await reload(mine))!.path.startsWith(target.path)).to.equal(true);
      expect((await reload(theirs))!.path.startsWith(home.path)).to.equal(true);
      expect((await reload(theirs))!.depth).to.equal(home.depth + 1);
    });

    it('moves through the single-page move: skips a page already there or moved into itself, reports a slug clash per page', async () => {
      const destination = await fresh('Move destination');
      const already = await page(destination, `Already there ${++n}`);
      const movable = await fresh('Movable');
      const plan = (
        await admin.get(`${BULK}/move/?${ids(already, movable, destination)}&destination=${destination.id}`).expect(200)
      ).text;
      expect(listedUnder(plan, 'bulk-act')).to.deep.equal([movable.title]);
      expect(listedUnder(plan, 'bulk-state')).to.have.members([already.title, destination.title]);
      const clash = await page(destination, movable.title);
      expect(clash.slug).to.equal(movable.slug);
      await post(admin, 'move', `${ids(movable)}&destination=${destination.id}`, 303);
      const flash = (await admin.get('/wagtail/pages/').expect(200)).text;
      expect(flash).to.include(`was not moved: The slug`);
      expect((await reload(movable))!.depth).to.equal(section.depth + 1);
      // A move posted without a destination is refused with the reason.
      const missing = await post(admin, 'move', ids(movable), 400);
      expect(missing.text).to.include('Choose a destination page.');
    });

    it('unpublishes live pages and skips drafts (nothing to unpublish)', async () => {
      const live = await fresh('To unpublish');
      const draft = await page(section, `Never live ${++n}`, false);
      const confirm = (await admin.get(`${BULK}/unpublish/?${ids(live, draft)}`).expect(200)).text;
      expect(listedUnder(confirm, 'bulk-act')).to.deep.equal([live.title]);
      expect(listedUnder(confirm, 'bulk-state')).to.deep.equal([draft.title]);
      await post(admin, 'unpublish', ids(live, draft), 303);
      expect((await reload(live))!.live).to.equal(false);
      const log = await t.db.selectFrom('page_log_entries').select('action').where('page_id', '=', live.id).execute();
      expect(log.map((e) => e.action)).to.include('unpublish');
    });

    it('deletes pages with their subpages (the count shown first) and refuses a site root', async () => {
      const parent = await fresh('Delete parent');
      const kid = await page(parent, 'Delete kid');
      await page(kid, 'Delete grandkid');
      const confirm = (await admin.get(`${BULK}/delete/?${ids(parent, home)}`).expect(200)).text;
      expect(confirm).to.include('Also deletes its 2 subpages.');
      expect(listedUnder(confirm, 'bulk-state')).to.deep.equal([home.title]);
      await post(admin, 'delete', ids(parent, home), 303);
      expect(await reload(parent)).to.equal(undefined);
      expect(await reload(kid)).to.equal(undefined);
      expect(await reload(home)).not.to.equal(undefined);
    });

    it('answers a bad selection with a clear 400, pages that no longer exist with 404, and refuses a POST without the CSRF token', async () => {
      for (const query of ['', 'id=abc', 'id=0', `${Array.from({ length: 201 }, (_, i) => `id=${i + 1}`).join('&')}`]) {
        const res = await admin.get(`${BULK}/publish/?${query}`);
        expect(res.status, query).to.equal(400);
        expect(res.text).to.include('The selection is not valid');
      }
      const res = await admin.get(`${BULK}/delete/?id=999999`).expect(404);
      expect(res.text).to.include('The selected pages no longer exist.');
      const page1 = await fresh('CSRF target');
      await admin.post(`${BULK}/delete/`).type('form').send(`id=${page1.id}`).expect(403);
      expect(await reload(page1)).not.to.equal(undefined);
      // `next` only leads back into this site.
      const out = await post(admin, 'unpublish', `${ids(page1)}&next=https://evil.example/`, 303);
      expect(out.headers.location).to.equal('/wagtail/pages/');
    });
  });
});
