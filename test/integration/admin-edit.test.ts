import { expect } from 'chai';
import request from 'supertest';
import { findPageById } from '../../server/modules/pages/repo';
import { createPage } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

const emptyContent = { body: [], confirmation_content: [] };

describe('back office: page edit screen', () => {
  let t: TestApp;
  let home: Page;
  useTestApp({}, (suite) => ({ t, home } = suite));

  async function openEditor(page: Page) {
    const agent = await signedInAgent(t.app);
    const form = await agent.get(`/wagtail/pages/${page.id}/edit/`).expect(200);
    return { agent, token: csrfTokenIn(form.text), form };
  }

  it('saves a draft as a new revision, leaving the live page as it was', async () => {
    const page = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Menu',
      slug: 'winter-menu',
      content: emptyContent,
      publish: true,
    });
    const { agent, token, form } = await openEditor(page);
    expect(form.text).to.include('value="Menu"');
    const saved = await agent
      .post(`/wagtail/pages/${page.id}/edit/`)
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        title: 'Our Menu',
        slug: 'winter-menu',
        seo_title: '',
        search_description: 'Fresh fish',
      })
      .expect(303);
    expect(saved.headers.location).to.equal(`/wagtail/pages/${page.id}/edit/`);
    const after = (await findPageById(t.db, page.id))!;
    expect(after.title).to.equal('Menu');
    expect(after.has_unpublished_changes).to.equal(true);
    expect(after.latest_revision_id).to.not.equal(page.latest_revision_id);
    const reopened = await agent.get(`/wagtail/pages/${page.id}/edit/`).expect(200);
    expect(reopened.text).to.include('value="Our Menu"');
    expect(reopened.text).to.include('Page &#x27;Our Menu&#x27; has been updated.');
    expect(reopened.text).to.include('live + draft');
    await request(t.app)
      .get('/winter-menu/')
      .expect(200)
      .expect((res) => expect(res.text).to.include('<title>Menu</title>'));
  });

  it('without JavaScript: every tab is a section of the one form, and every action a plain button or link after Save draft', async () => {
    const page = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Tabs',
      slug: 'tabs-no-js',
      content: emptyContent,
      publish: true,
    });
    const { agent, form } = await openEditor(page);
    const html = form.text;
    const editForm = html.slice(
      html.indexOf('id="page-edit-form"'),
      html.indexOf('</form>', html.indexOf('id="page-edit-form"')),
    );
    // Tabs: three titled sections, each holding its fields, all inside the edit form.
    expect([...editForm.matchAll(/data-tab="(\w+)"/g)].map((m) => m[1])).to.deep.equal([
      'content',
      'promote',
      'settings',
    ]);
    const promote = editForm.slice(editForm.indexOf('data-tab="promote"'), editForm.indexOf('data-tab="settings"'));
    expect(promote).to.include('name="slug"').and.include('name="seo_title"').and.include('name="search_description"');
    expect(editForm.slice(editForm.indexOf('data-tab="settings"'))).to.include('name="go_live_at"');
    // Save draft is the form's first submit button (Enter in a field saves a draft); the others follow.
    const buttons = [...editForm.matchAll(/<button type="submit"([^>]*)>/g)].map((m) => m[1]!);
    expect(buttons[0]).to.include('data-save-draft').and.not.include('name=');
    expect(buttons.some((b) => b.includes('name="action-publish"'))).to.equal(true);
    expect(buttons.some((b) => b.includes('form="page-lock-form"'))).to.equal(true);
    for (const action of ['unpublish', 'move', 'copy', 'delete'])
      expect(editForm).to.include(`href="/wagtail/pages/${page.id}/${action}/"`);
    expect(editForm).to.include('href="#schedule"');
    // Lock posts its own form (forms cannot nest), outside the edit form.
    expect(html).to.match(new RegExp(`<form id="page-lock-form"[^>]* action="/wagtail/pages/${page.id}/lock/"`));
    const locked = await agent
      .post(`/wagtail/pages/${page.id}/lock/`)
      .type('form')
      .send({ csrfmiddlewaretoken: csrfTokenIn(html) })
      .expect(303);
    expect(locked.headers.location).to.include(`/wagtail/pages/${page.id}/`);
    expect((await agent.get(`/wagtail/pages/${page.id}/edit/`).expect(200)).text).to.match(
      new RegExp(`<form id="page-lock-form"[^>]* action="/wagtail/pages/${page.id}/unlock/"`),
    );
  });

  it('renders the sidebar as the user left it (collapsed or expanded by cookie; no choice: the width decides in CSS)', async () => {
    const { agent, form } = await openEditor(home);
    expect(form.text).to.include('class="admin-layout"').and.include('aria-label="Main"');
    const collapsed = await agent.get('/wagtail/pages/').set('Cookie', 'wagtail_sidebar=collapsed').expect(200);
    expect(collapsed.text)
      .to.include('class="admin-layout admin-layout--collapsed"')
      .and.include('aria-expanded="false"');
    const expanded = await agent.get('/wagtail/pages/').set('Cookie', 'wagtail_sidebar=expanded').expect(200);
    expect(expanded.text).to.include('class="admin-layout admin-layout--expanded"');
  });

  it('publishes, changing the live title and moving the URL with a new slug', async () => {
    const page = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Catering',
      slug: 'party-catering',
      content: emptyContent,
      publish: true,
    });
    await createPage(t.db, {
      parentId: page.id,
      pageType: 'ExamplePage',
      title: 'Weddings',
      slug: 'weddings',
      content: emptyContent,
      publish: true,
    });
    const { agent, token } = await openEditor(page);
    await agent
      .post(`/wagtail/pages/${page.id}/edit/`)
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        title: 'Events',
        slug: 'events',
        seo_title: '',
        search_description: '',
        'action-publish': 'action-publish',
      })
      .expect(303);
    const after = (await findPageById(t.db, page.id))!;
    expect(after).to.include({ title: 'Events', slug: 'events', has_unpublished_changes: false, live: true });
    await request(t.app).get('/events/').expect(200);
    await request(t.app).get('/events/weddings/').expect(200);
    await request(t.app).get('/party-catering/').expect(404);
  });

  it('redisplays the form with the first error of each field and the input kept', async () => {
    const page = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Careers',
      slug: 'summer-careers',
      content: emptyContent,
    });
    const { agent, token } = await openEditor(page);
    const res = await agent
      .post(`/wagtail/pages/${page.id}/edit/`)
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        title: '   ',
        slug: 'Not A Slug!',
        seo_title: 'Kept <title>',
        search_description: '',
      })
      .expect(400);
    expect(res.text).to.include('The page could not be saved due to validation errors.');
    expect(res.text).to.include('This field is required.');
    expect(res.text).to.include('Enter a valid slug');
    expect(res.text).to.include('value="Not A Slug!"');
    expect(res.text).to.include('value="Kept &lt;title&gt;"');
    expect((await findPageById(t.db, page.id))!.latest_revision_id).to.equal(page.latest_revision_id);
  });

  it('refuses a slug a sibling already uses, as a slug error', async () => {
    const page = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Gift cards',
      slug: 'holiday-gift-cards',
      content: emptyContent,
    });
    const { agent, token } = await openEditor(page);
    const res = await agent
      .post(`/wagtail/pages/${page.id}/edit/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, title: 'Gift cards', slug: 'about', seo_title: '', search_description: '' })
      .expect(400);
    expect(res.text).to.include('The slug &#x27;about&#x27; is already in use within the parent page.');
    expect(res.text).to.include('value="about"');
  });

  it('needs a CSRF token to save and a login to open', async () => {
    const page = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Press',
      slug: 'press-edit',
      content: emptyContent,
    });
    const { agent } = await openEditor(page);
    await agent.post(`/wagtail/pages/${page.id}/edit/`).type('form').send({ title: 'X', slug: 'x' }).expect(403);
    const anonymous = await request(t.app).get(`/wagtail/pages/${page.id}/edit/`).expect(302);
    expect(anonymous.headers.location).to.equal(
      `/wagtail/login/?next=${encodeURIComponent(`/wagtail/pages/${page.id}/edit/`)}`,
    );
  });
});
