import { expect } from 'chai';
import { findPageById } from '../../server/modules/pages/repo';
import { createPage } from '../../server/modules/pages/service';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

describe('back office: bad requests get a clear message and change nothing', () => {
  let t: TestApp;
  useTestApp({}, (suite) => ({ t } = suite));

  it('refuses an oversized or unreadable body with words a person can act on', async () => {
    const home = await t.db
      .selectFrom('pages')
      .selectAll()
      .where('page_type', '=', 'HomePage')
      .orderBy('path')
      .executeTakeFirstOrThrow();
    const page = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Big',
      slug: 'big-body',
      content: { body: [], confirmation_content: [] },
      publish: true,
    });
    const agent = await signedInAgent(t.app);
    const token = csrfTokenIn((await agent.get(`/wagtail/pages/${page.id}/edit/`).expect(200)).text);

    const huge = await agent
      .post(`/wagtail/pages/${page.id}/edit/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, title: 'Big', slug: 'big-body', content_json: 'x'.repeat(1_100_000) })
      .expect(413);
    expect(huge.text).to.include('too large to save').and.include('Nothing was saved');

    const json = await agent
      .post('/wagtail/api/main/pages/1/action/publish/')
      .set('X-CSRFToken', token)
      .set('Content-Type', 'application/json')
      .send('{"broken": ')
      .expect(400);
    expect(json.body.error.message).to.include('could not be read');

    expect((await findPageById(t.db, page.id))!.latest_revision_id).to.equal(page.latest_revision_id);
  });
});
