import { expect } from 'chai';
import request from 'supertest';
import { createPage } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import { findGroupByName, replaceUserGroups } from '../../server/modules/permissions/groups-repo';
import { hashPassword } from '../../server/modules/users/passwords';
import { insertUser } from '../../server/modules/users/repo';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import { TEST_ADMIN, type TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

const WRONG = 'The password you have entered is not correct. Please try again.';
const EDITOR = { username: 'privacy-editor', password: 'privacy-editor-password' };
const MODERATOR = { username: 'privacy-moderator', password: 'privacy-moderator-password' };

function body(text: string) {
  return [{ type: 'heading', id: `h-${text.length}`, value: { text, level: 'h2' } }];
}

describe('page privacy: the privacy screen and the public side', () => {
  let t: TestApp;
  let home: Page;
  let admin: Awaited<ReturnType<typeof signedInAgent>>;
  let token: string;
  let n = 0;

  useTestApp({ signIn: true }, (suite) => ({ t, home, agent: admin, token } = suite));
  before(async () => {
    const editors = (await findGroupByName(t.db, 'Editors'))!;
    const moderators = (await findGroupByName(t.db, 'Moderators'))!;
    for (const [who, group] of [
      [EDITOR, editors],
      [MODERATOR, moderators],
    ] as const) {
      const user = await insertUser(t.db, {
        username: who.username,
        email: `${who.username}@example.com`,
        password_hash: await hashPassword(who.password),
        is_superuser: false,
      });
      await replaceUserGroups(t.db, user.id, [group.id]);
    }
  });

  /** A live page under `parent` (the US home by default), titled `title`, its body a heading saying the same. */
  async function livePage(title: string, parent: Page = home): Promise<Page> {
    const slug = `privacy-${++n}`;
    return createPage(t.db, {
      parentId: parent.id,
      pageType: 'ExamplePage',
      title,
      slug,
      content: { body: body(title) },
      publish: true,
    });
  }
  /** The values of the checked inputs named `name` (radio buttons, checkboxes). */
  const checked = (html: string, name: string) =>
    [...html.matchAll(/<input[^>]*>/g)]
      .map((m) => m[0])
      .filter((tag) => tag.includes(`name="${name}"`) && tag.includes('checked=""'))
      .map((tag) => /value="([^"]*)"/.exec(tag)?.[1]);
  const urlOf = (page: Page) => `/${page.url_path.split('/').filter(Boolean).slice(1).join('/')}/`;
  const setPrivacy = (page: Page, form: Record<string, unknown>) =>
    admin
      .post(`/wagtail/pages/${page.id}/privacy/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, ...form });
  const restrictionOf = (page: Page) =>
    t.db.selectFrom('page_view_restrictions').selectAll().where('page_id', '=', page.id).executeTakeFirst();
  const privacyLog = (page: Page) =>
    t.db
      .selectFrom('page_log_entries')
      .select(['action', 'data'])
      .where('page_id', '=', page.id)
      .where('action', '=', 'privacy')
      .orderBy('id')
      .execute();

  it("offers Wagtail's four choices and redisplays bad input with its errors, saving nothing", async () => {
    const page = await livePage('validation');
    const screen = await admin.get(`/wagtail/pages/${page.id}/privacy/`).expect(200);
    for (const label of [
      'Public',
      'Private, accessible with a shared password',
      'Private, accessible to any logged-in users',
      'Private, accessible to users in specific groups',
    ]) {
      expect(screen.text).to.include(label);
    }
    expect(checked(screen.text, 'restriction_type')).to.deep.equal(['none']);

    const noPassword = await setPrivacy(page, { restriction_type: 'password', password: '' }).expect(400);
    expect(noPassword.text).to.include('This field is required.');
    expect(checked(noPassword.text, 'restriction_type')).to.deep.equal(['password']);

    const editors = (await findGroupByName(t.db, 'Editors'))!;
    const noGroup = await setPrivacy(page, { restriction_type: 'groups' }).expect(400);
    expect(noGroup.text).to.include('Please select at least one group.');
    expect(checked(noGroup.text, 'restriction_type')).to.deep.equal(['groups']);

    const unknownGroup = await setPrivacy(page, {
      restriction_type: 'groups',
      groups: ['999999', String(editors.id)],
    }).expect(400);
    expect(unknownGroup.text).to.include('999999 is not one of the available choices');
    expect(checked(unknownGroup.text, 'groups')).to.deep.equal([String(editors.id)]);

    const badChoice = await setPrivacy(page, { restriction_type: 'everyone' }).expect(400);
    expect(badChoice.text).to.include('Select a valid choice.');

    await admin.post(`/wagtail/pages/${page.id}/privacy/`).type('form').send({ restriction_type: 'login' }).expect(403);
    await admin
      .post(`/wagtail/pages/${page.id}/privacy/`)
      .type('form')
      .send({ csrfmiddlewaretoken: 'forged', restriction_type: 'login' })
      .expect(403);
    expect(await restrictionOf(page)).to.equal(undefined);
    expect(await privacyLog(page)).to.deep.equal([]);
  });

  it('sets a shared password: the visitor gets the password form, a wrong password is refused, the right one opens the page', async () => {
    const page = await livePage('The secret oyster menu');
    const saved = await setPrivacy(page, { restriction_type: 'password', password: 'pearl-diver-42' }).expect(303);
    expect(saved.headers.location).to.equal(`/wagtail/pages/${page.id}/edit/`);
    const restriction = (await restrictionOf(page))!;
    expect(restriction.restriction_type).to.equal('password');
    expect(restriction.password_hash).to.match(/^\$argon2id\$/);

    const visitor = request.agent(t.app);
    const form = await visitor.get(urlOf(page)).expect(200);
    expect(form.text).to.include('Password required');
    expect(form.text).to.include(`action="/_util/authenticate_with_password/${restriction.id}/${page.id}/"`);
    expect(form.text).to.include(`name="return_url" value="${urlOf(page)}"`);
    expect(form.text).to.include('<label for="id_password">Password</label>');
    expect(form.text).not.to.include('The secret oyster menu');
    expect(form.text).not.to.include('id="page-data"');
    expect(form.headers['cache-control']).to.equal('private, no-store');
    const csrf = csrfTokenIn(form.text);

    const action = `/_util/authenticate_with_password/${restriction.id}/${page.id}/`;
    const wrong = await visitor
      .post(action)
      .type('form')
      .send({ csrfmiddlewaretoken: csrf, password: 'not-it', return_url: urlOf(page) })
      .expect(200);
    expect(wrong.text).to.include(WRONG);
    expect(wrong.text).to.include('aria-describedby="id_password-error"');
    expect(wrong.text).not.to.include('The secret oyster menu');
    const empty = await visitor
      .post(action)
      .type('form')
      .send({ csrfmiddlewaretoken: csrf, password: '', return_url: urlOf(page) })
      .expect(400);
    expect(empty.text).to.include('This field is required.');
    // A forged token is refused before the password is even looked at.
    await visitor
      .post(action)
      .type('form')
      .send({ csrfmiddlewaretoken: 'forged', password: 'pearl-diver-42', return_url: urlOf(page) })
      .expect(403);
    await visitor
      .get(urlOf(page))
      .expect(200)
      .expect((res) => expect(res.text).to.include('Password required'));

    const right = await visitor
      .post(action)
      .type('form')
      .send({ csrfmiddlewaretoken: csrf, password: 'pearl-diver-42', return_url: urlOf(page) })
      .expect(303);
    expect(right.headers.location).to.equal(urlOf(page));
    const shown = await visitor.get(urlOf(page)).expect(200);
    expect(shown.text).to.include('The secret oyster menu');
    expect(shown.headers['cache-control']).to.equal('private, no-store');

    // Another visitor (another session) still gets the form.
    const other = await request(t.app).get(urlOf(page)).expect(200);
    expect(other.text).to.include('Password required');
    // GET of the form's own URL shows the form too.
    const direct = await request(t.app)
      .get(`${action}?return_url=${encodeURIComponent(urlOf(page))}`)
      .expect(200);
    expect(direct.text).to.include(`name="return_url" value="${urlOf(page)}"`);
  });

  it('applies an ancestor restriction to its subpages, and the admin sends you to the ancestor to change it', async () => {
    const parent = await livePage('Parent content');
    const child = await livePage('Child content under a private parent', parent);
    await setPrivacy(parent, { restriction_type: 'password', password: 'harbour-lights' }).expect(303);
    const restriction = (await restrictionOf(parent))!;

    const visitor = request.agent(t.app);
    const form = await visitor.get(urlOf(child)).expect(200);
    expect(form.text).to.include(`action="/_util/authenticate_with_password/${restriction.id}/${child.id}/"`);
    expect(form.text).not.to.include('Child content under a private parent');
    await visitor
      .post(`/_util/authenticate_with_password/${restriction.id}/${child.id}/`)
      .type('form')
      .send({ csrfmiddlewaretoken: csrfTokenIn(form.text), password: 'harbour-lights', return_url: urlOf(child) })
      .expect(303);
    expect((await visitor.get(urlOf(child)).expect(200)).text).to.include('Child content under a private parent');
    expect((await visitor.get(urlOf(parent)).expect(200)).text).to.include('Parent content');

    const screen = await admin.get(`/wagtail/pages/${child.id}/privacy/`).expect(200);
    expect(screen.text).to.include('This page has been made private by a parent page.');
    expect(screen.text).to.include(`href="/wagtail/pages/${parent.id}/privacy/"`);
    expect(screen.text).not.to.include('name="restriction_type"');
    const refused = await setPrivacy(child, { restriction_type: 'login' }).expect(409);
    expect(refused.text).to.include('change them there');
    expect(await restrictionOf(child)).to.equal(undefined);

    // A restriction id that does not cover the page, or is unknown, is a 404.
    const unrelated = await livePage('Unrelated');
    await request(t.app).get(`/_util/authenticate_with_password/${restriction.id}/${unrelated.id}/`).expect(404);
    await request(t.app).get(`/_util/authenticate_with_password/999999/${child.id}/`).expect(404);
    await request(t.app).get(`/_util/authenticate_with_password/abc/${child.id}/`).expect(404);
  });

  it('sends visitors back only to paths on this site after a password', async () => {
    const page = await livePage('Redirect checks');
    await setPrivacy(page, { restriction_type: 'password', password: 'tide-table' }).expect(303);
    const restriction = (await restrictionOf(page))!;
    const action = `/_util/authenticate_with_password/${restriction.id}/${page.id}/`;
    for (const target of ['https://evil.example/', '//evil.example/', '/\\evil.example/', 'javascript:alert(1)', '']) {
      const visitor = request.agent(t.app);
      const csrf = csrfTokenIn((await visitor.get(action).expect(200)).text);
      const res = await visitor
        .post(action)
        .type('form')
        .send({ csrfmiddlewaretoken: csrf, password: 'tide-table', return_url: target })
        .expect(303);
      expect(res.headers.location, target).to.equal('/');
    }
  });

  it('keeps the current password when the field is left blank, records each change readably, and makes the page public again', async () => {
    const page = await livePage('History checks');
    await setPrivacy(page, { restriction_type: 'password', password: 'first-password' }).expect(303);
    const before = (await restrictionOf(page))!;
    const screen = await admin.get(`/wagtail/pages/${page.id}/privacy/`).expect(200);
    expect(screen.text).to.include('Leave blank to keep the current password.');
    await setPrivacy(page, { restriction_type: 'password', password: '' }).expect(303);
    expect((await restrictionOf(page))!.password_hash).to.equal(before.password_hash);
    // Switching away and back needs a new password: the old one is not kept across types.
    await setPrivacy(page, { restriction_type: 'login' }).expect(303);
    expect((await restrictionOf(page))!.password_hash).to.equal(null);
    await setPrivacy(page, { restriction_type: 'password', password: '' }).expect(400);
    await setPrivacy(page, { restriction_type: 'none' }).expect(303);
    expect(await restrictionOf(page)).to.equal(undefined);
    expect((await request(t.app).get(urlOf(page)).expect(200)).text).to.include('History checks');

    const log = await privacyLog(page);
    expect(log.map((entry) => entry.data.change)).to.deep.equal(['create', 'edit', 'edit', 'delete']);
    const history = await admin.get(`/wagtail/pages/${page.id}/history/`).expect(200);
    expect(history.text).to.include(
      'Added the &#x27;Private, accessible with a shared password&#x27; view restriction',
    );
    expect(history.text).to.include(
      'Updated the view restriction to &#x27;Private, accessible to any logged-in users&#x27;',
    );
    expect(history.text).to.include(
      'Removed the &#x27;Private, accessible to any logged-in users&#x27; view restriction',
    );
  });

  it('sends visitors of a login-restricted page to /_util/login/ and back after signing in', async () => {
    const page = await livePage('Members only chowder');
    await setPrivacy(page, { restriction_type: 'login' }).expect(303);
    const visitor = request.agent(t.app);
    const redirect = await visitor.get(urlOf(page)).expect(302);
    expect(redirect.headers.location).to.equal(`/_util/login/?next=${urlOf(page)}`);
    expect(redirect.headers['cache-control']).to.equal('private, no-store');

    const form = await visitor.get(redirect.headers.location!).expect(200);
    expect(form.text).to.include(`name="next" value="${urlOf(page)}"`);
    expect(form.text).to.include('<label for="id_username">Username</label>');
    const csrf = csrfTokenIn(form.text);
    const invalid = await visitor
      .post('/_util/login/')
      .type('form')
      .send({ csrfmiddlewaretoken: csrf, username: TEST_ADMIN.username, password: 'wrong', next: urlOf(page) })
      .expect(200);
    expect(invalid.text).to.include('Your username and password didn&#x27;t match. Please try again.');
    expect(invalid.text).to.include(`value="${TEST_ADMIN.username}"`);
    const missing = await visitor
      .post('/_util/login/')
      .type('form')
      .send({ csrfmiddlewaretoken: csrf, username: '', password: '', next: urlOf(page) })
      .expect(400);
    expect(missing.text).to.include('This field is required.');
    await visitor
      .post('/_util/login/')
      .type('form')
      .send({ csrfmiddlewaretoken: 'forged', ...TEST_ADMIN, next: urlOf(page) })
      .expect(403);

    const signedIn = await visitor
      .post('/_util/login/')
      .type('form')
      .send({ csrfmiddlewaretoken: csrf, ...TEST_ADMIN, next: urlOf(page) })
      .expect(303);
    expect(signedIn.headers.location).to.equal(urlOf(page));
    expect((await visitor.get(urlOf(page)).expect(200)).text).to.include('Members only chowder');
  });

  it('never sends a signed-in visitor off the site', async () => {
    for (const target of ['https://evil.example/', '//evil.example/', '/\\evil.example/']) {
      const visitor = request.agent(t.app);
      const form = await visitor.get(`/_util/login/?next=${encodeURIComponent(target)}`).expect(200);
      expect(form.text).to.include('name="next" value="/"');
      const res = await visitor
        .post('/_util/login/')
        .type('form')
        .send({ csrfmiddlewaretoken: csrfTokenIn(form.text), ...TEST_ADMIN, next: target })
        .expect(303);
      expect(res.headers.location, target).to.equal('/');
    }
  });

  it('lets members of the chosen groups and superusers see a group-restricted page; everyone else is sent to the login', async () => {
    const page = await livePage('Editors lounge');
    const editors = (await findGroupByName(t.db, 'Editors'))!;
    await setPrivacy(page, { restriction_type: 'groups', groups: String(editors.id) }).expect(303);
    const screen = await admin.get(`/wagtail/pages/${page.id}/privacy/`).expect(200);
    expect(checked(screen.text, 'groups')).to.deep.equal([String(editors.id)]);

    await request(t.app)
      .get(urlOf(page))
      .expect(302)
      .expect('Location', `/_util/login/?next=${urlOf(page)}`);
    const signIn = async (who: { username: string; password: string }) => {
      const agent = request.agent(t.app);
      const form = await agent.get('/_util/login/').expect(200);
      await agent
        .post('/_util/login/')
        .type('form')
        .send({ csrfmiddlewaretoken: csrfTokenIn(form.text), ...who, next: '/' })
        .expect(303);
      return agent;
    };
    const moderator = await signIn(MODERATOR);
    await moderator.get(urlOf(page)).expect(302);
    const again = await moderator.get('/_util/login/').expect(200);
    expect(again.text).to.include(`You are signed in as ${MODERATOR.username}`);
    expect((await (await signIn(EDITOR)).get(urlOf(page)).expect(200)).text).to.include('Editors lounge');
    expect((await (await signIn(TEST_ADMIN)).get(urlOf(page)).expect(200)).text).to.include('Editors lounge');
  });

  it('guards the location directory pages under a private state list page', async () => {
    const stateList = await t.db
      .selectFrom('pages')
      .selectAll()
      .where('page_type', '=', 'LocationsPageStateList')
      .where('live', '=', true)
      .orderBy('path')
      .executeTakeFirstOrThrow();
    const xml = (await request(t.app).get('/sitemap.xml').expect(200)).text;
    const cityUrl = new URL(/<loc>([^<]*\/list\/[^<]+)<\/loc>/.exec(xml)![1]!).pathname;
    await request(t.app).get(cityUrl).expect(200);
    await setPrivacy(stateList, { restriction_type: 'login' }).expect(303);
    try {
      const redirect = await request(t.app).get(cityUrl).expect(302);
      expect(redirect.headers.location).to.equal(`/_util/login/?next=${cityUrl}`);
      expect((await request(t.app).get('/sitemap.xml').expect(200)).text).not.to.include('/list/');
    } finally {
      await setPrivacy(stateList, { restriction_type: 'none' }).expect(303);
    }
    await request(t.app).get(cityUrl).expect(200);
  });

  it('refuses more password attempts from one address after 20 failures', async () => {
    const page = await livePage('Rate limited page');
    await setPrivacy(page, { restriction_type: 'password', password: 'the-right-one' }).expect(303);
    const restriction = (await restrictionOf(page))!;
    const action = `/_util/authenticate_with_password/${restriction.id}/${page.id}/`;
    // Earlier tests' wrong passwords came from the same address.
    await t.db.deleteFrom('rate_limits').execute();
    const visitor = request.agent(t.app);
    const csrf = csrfTokenIn((await visitor.get(action).expect(200)).text);
    const attempt = (password: string) =>
      visitor
        .post(action)
        .type('form')
        .send({ csrfmiddlewaretoken: csrf, password, return_url: urlOf(page) });
    for (let i = 0; i < 20; i++) await attempt(`wrong-${i}`).expect(200);
    const limited = await attempt('the-right-one').expect(429);
    expect(limited.text).to.include('Too many wrong passwords');
    // The back-office login of the same address is not affected.
    await signedInAgent(t.app);
    await t.db.deleteFrom('rate_limits').execute();
    await attempt('the-right-one').expect(303);
  });

  it('asks for the password before a private redirect page reveals where it points', async () => {
    const section = await livePage('Private redirects');
    await setPrivacy(section, { restriction_type: 'password', password: 'harbour-secret' }).expect(303);
    const redirect = await createPage(t.db, {
      parentId: section.id,
      pageType: 'RedirectPage',
      title: 'Secret menu',
      slug: 'secret-menu',
      content: { redirect_to: 'https://example.com/secret-menu' },
      publish: true,
    });
    const visitor = request.agent(t.app);
    const gate = await visitor.get(urlOf(redirect)).expect(200);
    expect(gate.text).to.include('name="password"').and.not.include('example.com/secret-menu');
    expect(gate.headers['cache-control']).to.equal('private, no-store');
    const action = /action="([^"]+)"/.exec(gate.text)![1]!.replace(/&amp;/g, '&');
    await visitor
      .post(action)
      .type('form')
      .send({ csrfmiddlewaretoken: csrfTokenIn(gate.text), password: 'harbour-secret', return_url: urlOf(redirect) })
      .expect(303);
    const passed = await visitor.get(urlOf(redirect)).expect(302);
    expect(passed.headers.location).to.equal('https://example.com/secret-menu');
  });

  it('sets no cookie and no private cache header on public pages', async () => {
    const page = await livePage('Public chowder');
    for (const url of ['/', urlOf(page)]) {
      const res = await request(t.app).get(url).expect(200);
      expect(res.headers['set-cookie'], url).to.equal(undefined);
      expect(String(res.headers['cache-control'] ?? ''), url).not.to.include('private');
    }
  });

  it('keeps private pages and their subpages out of sitemap.xml and the sitemap block', async () => {
    const open = await livePage('Open to all');
    const closed = await livePage('Closed section');
    const inside = await livePage('Inside closed', closed);
    await setPrivacy(closed, { restriction_type: 'login' }).expect(303);
    const xml = (await request(t.app).get('/sitemap.xml').expect(200)).text;
    expect(xml).to.include(`${urlOf(open)}</loc>`);
    expect(xml).not.to.include(`${urlOf(closed)}</loc>`);
    expect(xml).not.to.include(`${urlOf(inside)}</loc>`);

    const withSitemap = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Site map page',
      slug: 'privacy-site-map',
      content: { body: [{ type: 'sitemap', id: 'sm1', value: {} }] },
      publish: true,
    });
    const html = (await request(t.app).get(urlOf(withSitemap)).expect(200)).text;
    expect(html).to.include('Open to all');
    expect(html).not.to.include('Closed section');
    expect(html).not.to.include('Inside closed');
  });

  it('marks private pages, themselves or by inheritance, in the explorer and the editor, which links to the privacy screen', async () => {
    // Under a section of their own, so the explorer shows them on its first page.
    const section = await livePage('Marker section');
    const parent = await livePage('Marked parent', section);
    const child = await livePage('Marked child', parent);
    const sibling = await livePage('Unmarked sibling', section);
    await setPrivacy(parent, { restriction_type: 'login' }).expect(303);
    const rowOf = (html: string, title: string) => {
      const start = html.indexOf(`>${title}<`);
      return html.slice(start, html.indexOf('</tr>', start));
    };
    const explorer = (await admin.get(`/wagtail/pages/${section.id}/`).expect(200)).text;
    expect(rowOf(explorer, 'Marked parent')).to.include('admin-status--private');
    expect(rowOf(explorer, 'Unmarked sibling')).not.to.include('admin-status--private');
    const below = (await admin.get(`/wagtail/pages/${parent.id}/`).expect(200)).text;
    expect(rowOf(below, 'Marked child')).to.include('admin-status--private');
    // The page search marks them too (privacy's filter, registered at the composition root).
    const search = (await admin.get('/wagtail/pages/search/?q=marked').expect(200)).text;
    expect(rowOf(search, 'Marked parent')).to.include('admin-status--private');
    expect(rowOf(search, 'Marked child')).to.include('admin-status--private');
    expect(rowOf(search, 'Unmarked sibling')).not.to.include('admin-status--private');

    const edit = (await admin.get(`/wagtail/pages/${child.id}/edit/`).expect(200)).text;
    expect(edit).to.include('admin-status--private');
    expect(edit).to.include(`href="/wagtail/pages/${child.id}/privacy/"`);
    expect((await admin.get(`/wagtail/pages/${sibling.id}/edit/`).expect(200)).text).not.to.include(
      'admin-status--private',
    );
    // Editors without publish get no privacy link.
    const editorAgent = await signedInAgent(t.app, EDITOR);
    const editorView = await editorAgent.get(`/wagtail/pages/${sibling.id}/edit/`);
    if (editorView.status === 200) expect(editorView.text).not.to.include(`/wagtail/pages/${sibling.id}/privacy/`);
    await editorAgent.get(`/wagtail/pages/${sibling.id}/privacy/`).expect(403);
  });
});
