import { expect } from 'chai';
import request from 'supertest';
import { findPageById } from '../../server/modules/pages/repo';
import { createPage } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import { ensureSuperuser } from '../../server/modules/users/service';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

const emptyContent = { body: [], confirmation_content: [] };
const OTHER = { username: 'second-editor', password: 'second-editor-password' };

describe('back office: page actions (add, unpublish, delete, move, copy, lock)', () => {
  let t: TestApp;
  let home: Page;
  let agent: Awaited<ReturnType<typeof signedInAgent>>;
  let token: string;
  useTestApp({ signIn: true }, (suite) => ({ t, home, agent, token } = suite));
  before(async () => {
    await ensureSuperuser(t.db, OTHER.username, OTHER.password);
  });

  const page = (title: string, slug: string, parentId = home.id, publish = true) =>
    createPage(t.db, { parentId, pageType: 'ExamplePage', title, slug, content: emptyContent, publish });
  const history = async (id: number) =>
    (await t.db.selectFrom('page_log_entries').select('action').where('page_id', '=', id).orderBy('id').execute()).map(
      (r) => r.action,
    );

  it('adds a page after choosing among the types the parent allows, and logs the creation', async () => {
    const chooser = await agent.get(`/wagtail/pages/add/${home.id}/`).expect(200);
    expect(chooser.text).to.include(`/wagtail/pages/add/ExamplePage/${home.id}/`);
    expect(chooser.text).to.not.include(`/wagtail/pages/add/HomePage/${home.id}/`);
    await agent.get(`/wagtail/pages/add/HomePage/${home.id}/`).expect(400);
    const bad = await agent
      .post(`/wagtail/pages/add/ExamplePage/${home.id}/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, title: '', slug: 'Bad Slug' })
      .expect(400);
    expect(bad.text).to.include('This field is required.');
    expect(bad.text).to.include('value="Bad Slug"');
    const created = await agent
      .post(`/wagtail/pages/add/ExamplePage/${home.id}/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, title: 'Brunch', slug: '' })
      .expect(303);
    const id = Number(/pages\/(\d+)\/edit/.exec(String(created.headers.location))![1]!);
    const added = (await findPageById(t.db, id))!;
    expect(added).to.include({ slug: 'brunch', live: false });
    expect(await history(id)).to.deep.equal(['create']);
    await agent.post(`/wagtail/pages/add/ExamplePage/${home.id}/`).type('form').send({ title: 'No token' }).expect(403);
  });

  it('edits the new page body on the add screen, keeping typed blocks when the form has errors', async () => {
    const form = await agent.get(`/wagtail/pages/add/ExamplePage/${home.id}/`).expect(200);
    expect(form.text)
      .to.include('id="block-editor-data"')
      .and.match(/<script type="module" src="\/static\/assets\/admin-editor-/);
    const body = {
      body: [{ type: 'heading', id: 'h1', value: { text: 'Brunch menu', level: 'h2' } }],
      confirmation_content: [],
    };
    const badBody = {
      body: [{ type: 'heading', id: 'h1', value: { text: 'Brunch menu', level: 'h9' } }],
      confirmation_content: [],
    };
    const refused = await agent
      .post(`/wagtail/pages/add/ExamplePage/${home.id}/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, title: 'Brunch two', slug: '', content_json: JSON.stringify(badBody) })
      .expect(400);
    expect(refused.text)
      .to.include('The page body has errors')
      .and.include('&quot;h9&quot;')
      .and.include('value="Brunch two"');
    const created = await agent
      .post(`/wagtail/pages/add/ExamplePage/${home.id}/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, title: 'Brunch two', slug: '', content_json: JSON.stringify(body) })
      .expect(303);
    const id = Number(/pages\/(\d+)\/edit/.exec(String(created.headers.location))![1]!);
    const added = (await findPageById(t.db, id))!;
    expect((added.content.body as Array<{ value: { text: string } }>)[0]!.value.text).to.equal('Brunch menu');
  });

  it('unpublishes a page with or without its live subpages, keeping the drafts', async () => {
    const parent = await page('Seasonal', 'seasonal');
    const child = await page('Summer', 'summer', parent.id);
    const confirm = await agent.get(`/wagtail/pages/${parent.id}/unpublish/`).expect(200);
    expect(confirm.text).to.include('Unpublish its 1 live subpage too');
    await agent
      .post(`/wagtail/pages/${parent.id}/unpublish/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token })
      .expect(303);
    expect((await findPageById(t.db, parent.id))!.live).to.equal(false);
    expect((await findPageById(t.db, child.id))!.live).to.equal(true);
    await request(t.app).get('/seasonal/').expect(404);
    // A second submit of the same confirm form: a clear message, nothing changes.
    const again = await agent
      .post(`/wagtail/pages/${parent.id}/unpublish/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token })
      .expect(409);
    expect(again.text).to.include('is not live');

    const other = await page('Winter', 'winter');
    const sub = await page('Skiing', 'skiing', other.id);
    await agent
      .post(`/wagtail/pages/${other.id}/unpublish/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, include_descendants: 'on' })
      .expect(303);
    expect((await findPageById(t.db, sub.id))!.live).to.equal(false);
    expect(await history(sub.id)).to.include('unpublish');
  });

  it('deletes a page with its subpages after showing their count', async () => {
    const parent = await page('Old menus', 'old-menus');
    await page('2019', 'y2019', parent.id);
    await page('2020', 'y2020', parent.id);
    const confirm = await agent.get(`/wagtail/pages/${parent.id}/delete/`).expect(200);
    expect(confirm.text).to.include('This will also delete 2 subpages.');
    const deleted = await agent
      .post(`/wagtail/pages/${parent.id}/delete/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token })
      .expect(303);
    expect(deleted.headers.location).to.equal(`/wagtail/pages/${home.id}/`);
    expect(await findPageById(t.db, parent.id)).to.equal(undefined);
    expect(
      await t.db.selectFrom('pages').select('id').where('url_path', 'like', '%/old-menus/%').execute(),
    ).to.have.length(0);
    expect(await history(parent.id)).to.deep.equal(['delete']);
    expect((await findPageById(t.db, home.id))!.numchild).to.be.a('number');
    // Double submit.
    const again = await agent
      .post(`/wagtail/pages/${parent.id}/delete/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token })
      .expect(410);
    expect(again.text).to.include('already been deleted');
  });

  it('refuses to delete a site root page', async () => {
    const res = await agent
      .post(`/wagtail/pages/${home.id}/delete/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token })
      .expect(409);
    expect(res.text).to.include('root of a site');
  });

  it('moves a page, leaving a permanent redirect at the old URL', async () => {
    const from = await page('Drinks', 'drinks');
    const wine = await page('Wine', 'wine', from.id);
    const to = await page('Menus', 'menus');
    const chooser = await agent.get(`/wagtail/pages/${wine.id}/move/`).expect(200);
    expect(chooser.text).to.include('Move here');
    await agent
      .post(`/wagtail/pages/${wine.id}/move/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, destination: String(to.id) })
      .expect(303);
    const moved = (await findPageById(t.db, wine.id))!;
    expect(moved.url_path).to.equal(`${to.url_path}wine/`);
    expect(moved.path.startsWith(to.path)).to.equal(true);
    expect((await findPageById(t.db, from.id))!.numchild).to.equal(0);
    expect((await findPageById(t.db, to.id))!.numchild).to.equal(1);
    await request(t.app).get('/menus/wine/').expect(200);
    const redirect = await request(t.app).get('/drinks/wine/').expect(301);
    expect(redirect.headers.location).to.equal('/menus/wine/');
    expect(await history(wine.id)).to.include('move');
  });

  it('refuses to move a page into its own subtree', async () => {
    const parent = await page('Locations info', 'locations-info');
    const child = await page('Parking', 'parking', parent.id);
    const res = await agent
      .post(`/wagtail/pages/${parent.id}/move/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, destination: String(child.id) })
      .expect(400);
    expect(res.text).to.include('cannot be moved into itself');
    expect((await findPageById(t.db, parent.id))!.path).to.equal(parent.path);
  });

  it('copies a page with its subpages, publishing the copies when asked', async () => {
    const source = await page('Catering menu', 'catering-menu');
    await page('Platters', 'platters', source.id);
    const form = await agent.get(`/wagtail/pages/${source.id}/copy/`).expect(200);
    expect(form.text).to.include('value="catering-menu"');
    const res = await agent
      .post(`/wagtail/pages/${source.id}/copy/`)
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        new_title: 'Party menu',
        new_slug: 'party-menu',
        new_parent_page: String(home.id),
        copy_subpages: 'on',
        publish_copies: 'on',
      })
      .expect(303);
    const copyId = Number(/pages\/(\d+)\/edit/.exec(String(res.headers.location))![1]!);
    const copy = (await findPageById(t.db, copyId))!;
    expect(copy).to.include({ title: 'Party menu', slug: 'party-menu', live: true, numchild: 1 });
    await request(t.app).get('/party-menu/platters/').expect(200);
    expect(await history(copyId)).to.deep.equal(['copy']);
  });

  it('refuses a copy whose slug clashes with a sibling, keeping the input', async () => {
    const source = await page('Kids menu', 'kids-menu');
    const res = await agent
      .post(`/wagtail/pages/${source.id}/copy/`)
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        new_title: 'Kids menu 2',
        new_slug: 'kids-menu',
        new_parent_page: String(home.id),
      })
      .expect(400);
    expect(res.text).to.include('The slug &#x27;kids-menu&#x27; is already in use within the parent page.');
    expect(res.text).to.include('value="Kids menu 2"');
  });

  it('locks a page: the holder keeps saving, another user cannot save or publish and sees who locked it', async () => {
    const locked = await page('Specials', 'weekly-specials');
    await agent.post(`/wagtail/pages/${locked.id}/lock/`).type('form').send({ csrfmiddlewaretoken: token }).expect(303);
    const mine = await agent.get(`/wagtail/pages/${locked.id}/edit/`).expect(200);
    expect(mine.text).to.include('You have locked this page');
    await agent
      .post(`/wagtail/pages/${locked.id}/edit/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, title: 'Specials!', slug: 'weekly-specials' })
      .expect(303);

    const other = await signedInAgent(t.app, OTHER);
    const theirs = await other.get(`/wagtail/pages/${locked.id}/edit/`).expect(200);
    expect(theirs.text).to.include('This page is locked by Site ');
    const before = (await findPageById(t.db, locked.id))!.latest_revision_id;
    const refused = await other
      .post(`/wagtail/pages/${locked.id}/edit/`)
      .type('form')
      .send({
        csrfmiddlewaretoken: csrfTokenIn(theirs.text),
        title: 'Hijacked',
        slug: 'weekly-specials',
        'action-publish': 'action-publish',
      })
      .expect(423);
    expect(refused.text).to.include('This page is locked by Site ');
    expect(refused.text).to.include('value="Hijacked"');
    expect((await findPageById(t.db, locked.id))!.latest_revision_id).to.equal(before);

    await agent
      .post(`/wagtail/pages/${locked.id}/unlock/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token })
      .expect(303);
    expect((await findPageById(t.db, locked.id))!.locked).to.equal(false);
    expect(await history(locked.id)).to.include.members(['lock', 'edit', 'unlock']);
  });

  it('refuses a stale form and treats a double submit as one save', async () => {
    const target = await page('Hours', 'hours');
    const form = await agent.get(`/wagtail/pages/${target.id}/edit/`).expect(200);
    const base = /name="base_revision_id" value="(\d*)"/.exec(form.text)![1]!;
    const submit = { csrfmiddlewaretoken: token, title: 'Opening hours', slug: 'hours', base_revision_id: base };
    await agent.post(`/wagtail/pages/${target.id}/edit/`).type('form').send(submit).expect(303);
    const afterFirst = (await findPageById(t.db, target.id))!.latest_revision_id;
    // The same form posted again (a double click): no second revision, no error.
    await agent.post(`/wagtail/pages/${target.id}/edit/`).type('form').send(submit).expect(303);
    expect((await findPageById(t.db, target.id))!.latest_revision_id).to.equal(afterFirst);
    // Someone else saved meanwhile: refused with the input kept.
    const other = await signedInAgent(t.app, OTHER);
    const stale = await other
      .post(`/wagtail/pages/${target.id}/edit/`)
      .type('form')
      .send({
        csrfmiddlewaretoken: csrfTokenIn((await other.get(`/wagtail/pages/${target.id}/edit/`)).text),
        title: 'Hours (old)',
        slug: 'hours',
        base_revision_id: base,
      })
      .expect(409);
    expect(stale.text).to.include('saved a newer version of this page');
    expect(stale.text).to.include('value="Hours (old)"');
    expect((await findPageById(t.db, target.id))!.latest_revision_id).to.equal(afterFirst);
  });

  it('shows the history of a page', async () => {
    const target = await page('Gift ideas', 'gift-ideas');
    await agent
      .post(`/wagtail/pages/${target.id}/edit/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, title: 'Gift ideas', slug: 'gift-ideas', 'action-publish': '1' })
      .expect(303);
    const res = await agent.get(`/wagtail/pages/${target.id}/history/`).expect(200);
    expect(res.text).to.include('Draft saved');
    expect(res.text).to.include('Published');
  });
});
