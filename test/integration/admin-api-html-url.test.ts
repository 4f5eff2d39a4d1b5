import { expect } from 'chai';
import { createPage } from '../../server/modules/pages/service';
import { signedInAgent } from '../helpers/admin';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

type Item = { id: number; title: string; meta: { html_url: string | null } };

/** The page chooser stores `meta.html_url` as a link's address (Wagtail's admin API field). */
describe('back office: admin API page URLs for choosers', () => {
  let t: TestApp;
  let agent: Awaited<ReturnType<typeof signedInAgent>>;
  useTestApp({ signIn: true }, (suite) => ({ t, agent } = suite));

  const json = (path: string, host?: string) => {
    const req = agent.get(path).set('Accept', 'application/json');
    return host ? req.set('Host', host) : req;
  };

  it('gives paths on the requesting site and full URLs on another site', async () => {
    const sites = await t.db.selectFrom('sites').selectAll().orderBy('id').execute();
    const us = sites.find((site) => site.hostname === 'localhost')!;
    const ca = sites.find((site) => site.hostname === 'ca.localhost')!;
    const roots = await json('/wagtail/api/main/pages/?child_of=root', `localhost:${us.port}`).expect(200);
    const byId = new Map((roots.body.items as Item[]).map((item) => [item.id, item.meta.html_url]));
    expect(byId.get(us.root_page_id)).to.equal('/');
    const caRoot = `http://ca.localhost${ca.port === 80 ? '' : `:${ca.port}`}/`;
    expect(byId.get(ca.root_page_id)).to.equal(caRoot);

    // Asked from the Canadian site, the roles swap.
    const fromCa = await json('/wagtail/api/main/pages/?child_of=root', `ca.localhost:${ca.port}`).expect(200);
    const caById = new Map((fromCa.body.items as Item[]).map((item) => [item.id, item.meta.html_url]));
    expect(caById.get(ca.root_page_id)).to.equal('/');
    expect(caById.get(us.root_page_id)).to.match(/^http:\/\/localhost(:\d+)?\/$/);
  });

  it('lists children and search results with their paths, and the detail has one too', async () => {
    const home = await t.db
      .selectFrom('pages')
      .selectAll()
      .where('title', '=', 'Harborline Seafood')
      .orderBy('path')
      .executeTakeFirstOrThrow();
    const section = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Chooser section',
      content: { body: [] },
      publish: true,
    });
    const child = await createPage(t.db, {
      parentId: section.id,
      pageType: 'ExamplePage',
      title: 'Chooser dish',
      content: { body: [] },
      publish: false,
    });
    const children = await json(`/wagtail/api/main/pages/?child_of=${section.id}`).expect(200);
    expect((children.body.items as Item[]).map((item) => [item.title, item.meta.html_url])).to.deep.equal([
      ['Chooser dish', '/chooser-section/chooser-dish/'],
    ]);
    const search = await json('/wagtail/api/main/pages/?search=Chooser%20d').expect(200);
    expect((search.body.items as Item[]).map((item) => item.id)).to.deep.equal([child.id]);
    expect((search.body.items as Item[])[0]!.meta.html_url).to.equal('/chooser-section/chooser-dish/');
    const detail = await json(`/wagtail/api/main/pages/${section.id}/`).expect(200);
    expect(detail.body.meta.html_url).to.equal('/chooser-section/');
  });
});
