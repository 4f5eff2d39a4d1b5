import { expect } from 'chai';
import request from 'supertest';
import {
  insertGroup,
  replaceGroupPagePermissions,
  replaceUserGroups,
} from '../../server/modules/permissions/groups-repo';
import { createPage } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import { hashPassword } from '../../server/modules/users/passwords';
import { insertUser } from '../../server/modules/users/repo';
import { hasStaffHint, STAFF_HINT_COOKIE } from '../../shared/admin/staff-hint';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import { TEST_ADMIN, type TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

const emptyContent = { body: [], confirmation_content: [] };
const EDITOR = { username: 'listing-editor', password: 'listing-editor-password-1' };

/** The row menu's actions of the row titled `title`, in the order offered. */
function rowActions(html: string, title: string): string[] {
  const rows = html.split('<tr').slice(1);
  const row = rows.find((r) => r.includes(`>${title}<`));
  if (!row) throw new Error(`no row titled ${title}`);
  return [...row.matchAll(/data-row-action="([a-z_]+)"/g)].map((m) => m[1]!);
}

describe('back office: page listings (row menu, View live, site and locale, userbar)', () => {
  let t: TestApp;
  let home: Page;
  let section: Page;
  useTestApp({}, (suite) => ({ t, home } = suite));
  before(async () => {
    section = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Listing section',
      content: emptyContent,
      publish: true,
    });
    await createPage(t.db, {
      parentId: section.id,
      pageType: 'ExamplePage',
      title: 'Live leaf',
      content: emptyContent,
      publish: true,
    });
    await createPage(t.db, {
      parentId: section.id,
      pageType: 'ExamplePage',
      title: 'Draft leaf',
      content: emptyContent,
    });
    const group = await insertGroup(t.db, { name: 'Listing editors', can_access_admin: true });
    await replaceGroupPagePermissions(t.db, group.id, [
      { page_id: section.id, permission_type: 'add' },
      { page_id: section.id, permission_type: 'change' },
    ]);
    const user = await insertUser(t.db, {
      username: EDITOR.username,
      email: 'listing-editor@example.com',
      password_hash: await hashPassword(EDITOR.password),
      is_superuser: false,
    });
    await replaceUserGroups(t.db, user.id, [group.id]);
  });

  it('offers a superuser every action on each row, View live and Unpublish on live pages only', async () => {
    const agent = await signedInAgent(t.app);
    const html = (await agent.get(`/wagtail/pages/${section.id}/`).expect(200)).text;
    // The demo has several locales, so Translate is offered.
    expect(rowActions(html, 'Live leaf')).to.deep.equal([
      'view_live',
      'edit',
      'add_child',
      'move',
      'copy',
      'unpublish',
      'history',
      'translate',
      'delete',
    ]);
    expect(rowActions(html, 'Draft leaf')).to.deep.equal([
      'edit',
      'add_child',
      'move',
      'copy',
      'history',
      'translate',
      'delete',
    ]);
    expect(html).to.match(/class="admin-table__live" href="http:\/\/[^"]+\/listing-section\/live-leaf\/"/);
    // Two sites and several locales: every row says where it lives.
    expect(html).to.include('data-place-tag');
    expect(html).to.match(/data-place-tag="true">[^<]+ · en-US</);
  });

  it('offers a limited editor only what their add and change grants allow, and every offered link opens', async () => {
    const agent = await signedInAgent(t.app, EDITOR);
    const html = (await agent.get(`/wagtail/pages/${section.id}/`).expect(200)).text;
    // No publish grant: no Unpublish, and a live page cannot be deleted (it would go off the site).
    expect(rowActions(html, 'Live leaf')).to.deep.equal([
      'view_live',
      'edit',
      'add_child',
      'move',
      'copy',
      'history',
      'translate',
    ]);
    expect(rowActions(html, 'Draft leaf')).to.deep.equal([
      'edit',
      'add_child',
      'move',
      'copy',
      'history',
      'translate',
      'delete',
    ]);
    const links = [
      ...html.matchAll(/data-row-action="(?!view_live)[a-z_]+"|href="(\/wagtail\/[^"]+)" data-row-action/g),
    ]
      .map((m) => m[1])
      .filter((href): href is string => Boolean(href));
    expect(links.length).to.be.above(10);
    for (const href of links) {
      const res = await agent.get(href);
      expect(res.status, href).to.not.equal(403);
    }
  });

  it('shows View live on a live page’s edit screen header, not on a draft’s', async () => {
    const agent = await signedInAgent(t.app);
    const live = await t.db.selectFrom('pages').select('id').where('title', '=', 'Live leaf').executeTakeFirstOrThrow();
    const draft = await t.db
      .selectFrom('pages')
      .select('id')
      .where('title', '=', 'Draft leaf')
      .executeTakeFirstOrThrow();
    expect((await agent.get(`/wagtail/pages/${live.id}/edit/`).expect(200)).text).to.include('data-view-live');
    expect((await agent.get(`/wagtail/pages/${draft.id}/edit/`).expect(200)).text).to.not.include('data-view-live');
  });

  it('tags page search results with their site and locale (the US and Canada press pages)', async () => {
    const agent = await signedInAgent(t.app);
    const html = (await agent.get('/wagtail/pages/search/?q=press').expect(200)).text;
    const tags = [...html.matchAll(/data-place-tag="true">([^<]+)</g)].map((m) => m[1]);
    expect(tags.length).to.be.above(1);
    expect(new Set(tags).size, tags.join(', ')).to.be.above(1);
  });

  it('tags the page chooser API items with their site and locale', async () => {
    const agent = await signedInAgent(t.app);
    const res = await agent.get('/wagtail/api/main/pages/?search=press').set('Accept', 'application/json').expect(200);
    const places = (
      res.body as { items: Array<{ meta: { place: { site: string; locale: string } | null } }> }
    ).items.map((item) => item.meta.place);
    expect(places.length).to.be.above(1);
    expect(places.every((place) => place && place.site && place.locale)).to.equal(true);
  });

  describe('userbar endpoint', () => {
    it('answers 204, no-store, to a visitor who is not signed in', async () => {
      const res = await request(t.app).get('/wagtail/userbar/?path=/').expect(204);
      expect(res.headers['cache-control']).to.equal('no-store');
      expect(res.headers['set-cookie']).to.equal(undefined);
    });

    it('sets the staff hint (not HttpOnly, whole site) on a back-office sign-in and clears it on sign-out', async () => {
      const agent = request.agent(t.app);
      const form = await agent.get('/wagtail/login/').expect(200);
      const token = csrfTokenIn(form.text);
      const login = await agent
        .post('/wagtail/login/')
        .type('form')
        .send({ csrfmiddlewaretoken: token, username: TEST_ADMIN.username, password: TEST_ADMIN.password })
        .expect(303);
      const hint = (login.headers['set-cookie'] as unknown as string[]).find((c) =>
        c.startsWith(`${STAFF_HINT_COOKIE}=`),
      );
      expect(hint).to.match(/^wagtail_staff=1; Path=\//);
      expect(hint).to.not.match(/HttpOnly/i);
      expect(hasStaffHint(`li=3; ${hint!.split(';')[0]}`)).to.equal(true);
      const home = await agent.get('/wagtail/').expect(200);
      const logout = await agent
        .post('/wagtail/logout/')
        .type('form')
        .send({ csrfmiddlewaretoken: csrfTokenIn(home.text) });
      expect(logout.status).to.equal(303);
      const cleared = (logout.headers['set-cookie'] as unknown as string[]).find((c) =>
        c.startsWith(`${STAFF_HINT_COOKIE}=`),
      );
      expect(cleared).to.match(/Expires=Thu, 01 Jan 1970/);
      // A wrong password sets no hint.
      const refused = await request(t.app)
        .post('/wagtail/login/')
        .set('Cookie', String(form.headers['set-cookie']?.[0] ?? '').split(';')[0]!)
        .type('form')
        .send({ csrfmiddlewaretoken: token, username: TEST_ADMIN.username, password: 'wrong-password-123' });
      expect(String(refused.headers['set-cookie'] ?? '')).to.not.include(STAFF_HINT_COOKIE);
      expect(hasStaffHint('wagtail_staff=0; li=1')).to.equal(false);
    });

    it('answers a signed-in member of staff with the links for the page at that path, no-store', async () => {
      const agent = await signedInAgent(t.app);
      const res = await agent.get('/wagtail/userbar/?path=/listing-section/').expect(200);
      expect(res.headers['cache-control']).to.equal('no-store');
      expect(res.body).to.deep.equal({
        page: { id: section.id, title: 'Listing section' },
        editUrl: `/wagtail/pages/${section.id}/edit/`,
        // The page's row is in its parent's listing (the US home).
        adminUrl: `/wagtail/pages/${home.id}/`,
        checksUrl: `/wagtail/pages/${section.id}/edit/#checks`,
      });
    });

    it('gives a limited editor no edit link on a page outside their grants', async () => {
      const agent = await signedInAgent(t.app, EDITOR);
      const res = await agent.get('/wagtail/userbar/?path=/').expect(200);
      expect(res.body.editUrl).to.equal(null);
      expect(res.body.checksUrl).to.equal(null);
    });

    it('refuses a path that is not one (400)', async () => {
      const agent = await signedInAgent(t.app);
      await agent.get('/wagtail/userbar/?path=press').expect(400);
      await agent.get('/wagtail/userbar/').expect(400);
    });

    it('leaves the public page HTML the same for staff and for anonymous visitors', async () => {
      const agent = await signedInAgent(t.app);
      const anonymous = await request(t.app).get('/listing-section/').expect(200);
      const staff = await agent.get('/listing-section/').expect(200);
      const strip = (html: string) => html.replace(/nonce="[^"]*"/g, '');
      expect(strip(staff.text)).to.equal(strip(anonymous.text));
      expect(staff.headers['set-cookie']).to.equal(undefined);
      expect(staff.headers['cache-control']).to.equal(anonymous.headers['cache-control']);
    });
  });
});
