import { expect } from 'chai';
import { findPageById, findRevision } from '../../server/modules/pages/repo';
import { createPage } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

const blankHeading = {
  body: [{ type: 'heading', id: 'h1', value: { text: '', level: 'h2' } }],
  confirmation_content: [],
};

describe('back office: drafts defer required fields, publishing does not', () => {
  let t: TestApp;
  let home: Page;
  useTestApp({}, (suite) => ({ t, home } = suite));

  it('saves a draft with a blank required block field and a blank slug, and refuses to publish it', async () => {
    const page = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Half done',
      slug: 'half-done',
      content: { body: [], confirmation_content: [] },
      publish: true,
    });
    const agent = await signedInAgent(t.app);
    const token = csrfTokenIn((await agent.get(`/wagtail/pages/${page.id}/edit/`).expect(200)).text);
    const form = {
      csrfmiddlewaretoken: token,
      title: 'Half Done Again',
      slug: '',
      content_json: JSON.stringify(blankHeading),
    };

    await agent.post(`/wagtail/pages/${page.id}/edit/`).type('form').send(form).expect(303);
    const saved = (await findPageById(t.db, page.id))!;
    const draft = (await findRevision(t.db, saved.latest_revision_id!))!;
    expect(draft.content.slug).to.equal('half-done-again');
    expect((draft.content.content.body as Array<{ value: { text: string } }>)[0]!.value.text).to.equal('');

    // Other rules still hold in a draft: a bad heading level is an error even when saving.
    const badLevel = {
      body: [{ type: 'heading', id: 'h1', value: { text: '', level: 'h9' } }],
      confirmation_content: [],
    };
    const refused = await agent
      .post(`/wagtail/pages/${page.id}/edit/`)
      .type('form')
      .send({ ...form, content_json: JSON.stringify(badLevel) })
      .expect(400);
    expect(refused.text).to.include('The page body has errors');

    // Publishing from the form checks everything, and says where.
    const publish = await agent
      .post(`/wagtail/pages/${page.id}/edit/`)
      .type('form')
      .send({ ...form, slug: 'half-done-again', 'action-publish': 'action-publish' })
      .expect(400);
    expect(publish.text).to.include('The page body has errors');
    const errors = JSON.parse(
      /<script type="application\/json" id="block-editor-data">([^<]*)<\/script>/.exec(publish.text)![1]!,
    ).errors;
    expect(Object.keys(errors)).to.include('body.0.value.text');

    // Publishing the saved draft another way (the admin API) is refused with a clear message too.
    const api = await agent
      .post(`/wagtail/api/main/pages/${page.id}/action/publish/`)
      .set('X-CSRFToken', token)
      .set('Accept', 'application/json')
      .send({})
      .expect(400);
    expect(api.body.error.message).to.include('required fields left blank');
    expect((await findPageById(t.db, page.id))!.live_revision_id).to.equal(page.live_revision_id);
  });

  it('creates a new page as a draft with a blank required block field on the add screen, not published at once', async () => {
    const agent = await signedInAgent(t.app);
    const addUrl = `/wagtail/pages/add/ExamplePage/${home.id}/`;
    const token = csrfTokenIn((await agent.get(addUrl).expect(200)).text);
    const form = {
      csrfmiddlewaretoken: token,
      title: 'New and half done',
      slug: '',
      content_json: JSON.stringify(blankHeading),
    };

    // Publishing at once checks everything and keeps what was typed.
    const publish = await agent
      .post(addUrl)
      .type('form')
      .send({ ...form, 'action-publish': 'action-publish' })
      .expect(400);
    expect(publish.text).to.include('The page body has errors').and.include('value="New and half done"');
    expect(
      await t.db.selectFrom('pages').select('id').where('title', '=', 'New and half done').execute(),
    ).to.deep.equal([]);

    // A draft keeps the blank field for later, as on the edit screen.
    const created = await agent.post(addUrl).type('form').send(form).expect(303);
    const id = Number(/pages\/(\d+)\/edit/.exec(String(created.headers.location))![1]!);
    const page = (await findPageById(t.db, id))!;
    expect(page).to.include({ slug: 'new-and-half-done', live: false });
    const draft = (await findRevision(t.db, page.latest_revision_id!))!;
    expect((draft.content.content.body as Array<{ value: { text: string } }>)[0]!.value.text).to.equal('');
    const log = await t.db.selectFrom('page_log_entries').select('action').where('page_id', '=', id).execute();
    expect(log.map((entry) => entry.action)).to.deep.equal(['create']);
  });

  it('still requires a title on a draft', async () => {
    const page = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Titled',
      slug: 'titled-draft',
      content: { body: [], confirmation_content: [] },
    });
    const agent = await signedInAgent(t.app);
    const token = csrfTokenIn((await agent.get(`/wagtail/pages/${page.id}/edit/`).expect(200)).text);
    const res = await agent
      .post(`/wagtail/pages/${page.id}/edit/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, title: '', slug: '' })
      .expect(400);
    expect(res.text).to.include('This field is required.');
  });
});
