import { expect } from 'chai';
import request from 'supertest';
import { findPageById } from '../../server/modules/pages/repo';
import { createPage } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

const heading = (text: string) => ({
  body: [{ type: 'heading', id: 'h1', value: { text, level: 'h2' } }],
  confirmation_content: [],
});

describe('back office: preview and view draft', () => {
  let t: TestApp;
  let home: Page;
  useTestApp({}, (suite) => ({ t, home } = suite));

  it('previews the typed form as the public site renders it, saving nothing', async () => {
    const page = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Preview me',
      slug: 'preview-me',
      content: heading('Live words'),
      publish: true,
    });
    const agent = await signedInAgent(t.app);
    const form = await agent.get(`/wagtail/pages/${page.id}/edit/`).expect(200);
    // HTML attribute names are case-insensitive; React writes formAction.
    expect(form.text.toLowerCase()).to.include(`formaction="/wagtail/pages/${page.id}/edit/preview/"`);
    const res = await agent
      .post(`/wagtail/pages/${page.id}/edit/preview/`)
      .type('form')
      .send({
        csrfmiddlewaretoken: csrfTokenIn(form.text),
        title: 'Typed title',
        slug: 'preview-me',
        content_json: JSON.stringify(heading('Unsaved words')),
      })
      .expect(200);
    expect(res.headers['cache-control']).to.equal('no-store, private');
    expect(res.headers['x-robots-tag']).to.equal('noindex');
    expect(res.text).to.include('Unsaved words').and.include('Typed title').and.not.include('Live words');
    expect(res.text).to.include('<meta name="robots" content="noindex"/>');
    // The public template, with the page data embedded for hydration.
    expect(res.text).to.match(/"template":"ExamplePage"/);
    // Nothing was saved: no new revision, and the public page still shows the live words.
    expect((await findPageById(t.db, page.id))!.latest_revision_id).to.equal(page.latest_revision_id);
    await request(t.app)
      .get('/preview-me/')
      .expect(200)
      .expect((r) => expect(r.text).to.include('Live words').and.not.include('Unsaved words'));
  });

  it('shows the latest draft at view_draft while the public page stays live', async () => {
    const page = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Drafty',
      slug: 'drafty',
      content: heading('Published text'),
      publish: true,
    });
    const agent = await signedInAgent(t.app);
    const form = await agent.get(`/wagtail/pages/${page.id}/edit/`).expect(200);
    await agent
      .post(`/wagtail/pages/${page.id}/edit/`)
      .type('form')
      .send({
        csrfmiddlewaretoken: csrfTokenIn(form.text),
        title: 'Drafty',
        slug: 'drafty',
        content_json: JSON.stringify(heading('Draft text')),
      })
      .expect(303);
    const draft = await agent.get(`/wagtail/pages/${page.id}/view_draft/`).expect(200);
    expect(draft.text).to.include('Draft text').and.not.include('Published text');
    expect(draft.headers['cache-control']).to.equal('no-store, private');
    await request(t.app)
      .get('/drafty/')
      .expect(200)
      .expect((r) => expect(r.text).to.include('Published text'));
    // Never to the anonymous public.
    const anonymous = await request(t.app).get(`/wagtail/pages/${page.id}/view_draft/`).expect(302);
    expect(anonymous.headers.location).to.match(/^\/wagtail\/login\/\?next=/);
  });

  it('refuses to preview a form with errors, saying which, and saves nothing', async () => {
    const page = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Broken preview',
      slug: 'broken-preview',
      content: heading('Fine'),
      publish: true,
    });
    const agent = await signedInAgent(t.app);
    const token = csrfTokenIn((await agent.get(`/wagtail/pages/${page.id}/edit/`).expect(200)).text);
    const badBlock = {
      body: [{ type: 'heading', id: 'h1', value: { text: '', level: 'h9' } }],
      confirmation_content: [],
    };
    const res = await agent
      .post(`/wagtail/pages/${page.id}/edit/preview/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, title: '', slug: 'broken-preview', content_json: JSON.stringify(badBlock) })
      .expect(400);
    expect(res.text)
      .to.include('Preview not available')
      .and.include('title: This field is required.')
      .and.include('The page body has errors');
    const notJson = await agent
      .post(`/wagtail/pages/${page.id}/edit/preview/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, title: 'Broken preview', slug: 'broken-preview', content_json: '{"body": [' })
      .expect(400);
    expect(notJson.text).to.include('not valid JSON');
    // A forged token is refused before anything renders.
    await agent
      .post(`/wagtail/pages/${page.id}/edit/preview/`)
      .type('form')
      .send({ csrfmiddlewaretoken: 'forged', title: 'x', slug: 'x' })
      .expect(403);
    await agent.get('/wagtail/pages/not-a-number/view_draft/').expect(400);
  });
});
