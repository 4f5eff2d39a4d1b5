import { expect } from 'chai';
import request from 'supertest';
import { findPageById, findRevision } from '../../server/modules/pages/repo';
import { createPage } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

describe('back office: block body on the edit screen', () => {
  let t: TestApp;
  let home: Page;
  useTestApp({}, (suite) => ({ t, home } = suite));

  it('sends every block schema to the editor, saves a valid body and redisplays errors per block field with the input kept', async () => {
    const page = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Blocks',
      slug: 'blocks-body',
      content: { body: [], confirmation_content: [] },
      publish: true,
    });
    const agent = await signedInAgent(t.app);
    const form = await agent.get(`/wagtail/pages/${page.id}/edit/`).expect(200);
    const token = csrfTokenIn(form.text);
    expect(form.text).to.match(/<script type="module" src="\/static\/assets\/admin-editor-[^"]+" nonce="[^"]+"/);
    const data = JSON.parse(
      /<script type="application\/json" id="block-editor-data">([^<]*)<\/script>/.exec(form.text)![1]!,
    );
    expect(data.blockTypes.map((b: { type: string }) => b.type)).to.include.members(['heading', 'rich_text', 'hero']);
    expect(data.blockTypes.find((b: { type: string }) => b.type === 'heading').schema.properties.text.type).to.equal(
      'string',
    );

    const good = {
      body: [{ type: 'heading', id: 'h1', value: { text: 'Fresh catch', level: 'h2' } }],
      confirmation_content: [],
    };
    await agent
      .post(`/wagtail/pages/${page.id}/edit/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, title: 'Blocks', slug: 'blocks-body', content_json: JSON.stringify(good) })
      .expect(303);
    const saved = (await findPageById(t.db, page.id))!;
    const revision = (await findRevision(t.db, saved.latest_revision_id!))!;
    expect((revision.content.content.body as Array<{ value: { text: string; rope: boolean } }>)[0]!.value).to.include({
      text: 'Fresh catch',
      rope: false,
    });
    // The draft is saved; the public page still shows the live version.
    await request(t.app)
      .get('/blocks-body/')
      .expect(200)
      .expect((res) => expect(res.text).to.not.include('Fresh catch'));

    const bad = {
      body: [good.body[0], { type: 'heading', id: 'h2', value: { text: '', level: 'h9' } }],
      confirmation_content: [],
    };
    const res = await agent
      .post(`/wagtail/pages/${page.id}/edit/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, title: 'Blocks', slug: 'blocks-body', content_json: JSON.stringify(bad) })
      .expect(400);
    expect(res.text).to.include('The page body has errors');
    const redisplayed = JSON.parse(
      /<script type="application\/json" id="block-editor-data">([^<]*)<\/script>/.exec(res.text)![1]!,
    );
    // A draft defers the blank required text (Wagtail 7); the impossible level is an error still.
    expect(Object.keys(redisplayed.errors)).to.include('body.1.value.level').and.not.include('body.1.value.text');
    expect(res.text).to.include('&quot;h9&quot;');
    expect((await findPageById(t.db, page.id))!.latest_revision_id).to.equal(saved.latest_revision_id);

    // Errors counted at the top, with a plain in-page link to each block's errors (its card with JavaScript).
    const twoBad = {
      body: [...bad.body, good.body[0], { type: 'heading', id: 'h4', value: { text: 42, level: 'h8' } }],
      confirmation_content: [],
    };
    const summary = await agent
      .post(`/wagtail/pages/${page.id}/edit/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, title: 'Blocks', slug: 'blocks-body', content_json: JSON.stringify(twoBad) })
      .expect(400);
    expect(summary.text).to.include('3 errors in 2 blocks');
    expect(summary.text).to.include('<a href="#block-card-h2">Body, block 2 (Heading): 1 error</a>');
    expect(summary.text).to.include('<a href="#block-card-h4">Body, block 4 (Heading): 2 errors</a>');
    expect(summary.text).to.match(
      /<li id="block-card-h4" tabindex="-1" data-block-anchor="true">Body, block 4 \(Heading\)<ul><li>(Text|Level): /,
    );
    expect(summary.text).to.not.include('block-card-h1');
    // One bad block: singular words.
    expect(res.text).to.include('1 error in 1 block');

    const notJson = await agent
      .post(`/wagtail/pages/${page.id}/edit/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, title: 'Blocks', slug: 'blocks-body', content_json: '{"body": [' })
      .expect(400);
    expect(notJson.text).to.include('not valid JSON');
    expect(notJson.text).to.include('{&quot;body&quot;: [');
  });
});
