import { expect } from 'chai';
import request from 'supertest';
import { findLivePage } from '../../server/modules/pages/repo';
import { movePage } from '../../server/modules/pages/move-copy-service';
import { createPage } from '../../server/modules/pages/service';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';
import { waitFor } from '../helpers/server-process';

const unescape = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
const textareaValue = (html: string) => {
  const match = /<textarea[^>]*name="menu"[^>]*>([\s\S]*?)<\/textarea>/.exec(html);
  if (!match) throw new Error('no menu textarea');
  return unescape(match[1]!);
};
const versionIn = (html: string) => /name="version" value="(\d+)"/.exec(html)?.[1] ?? '';

/**
 * The header menu as the structured editor posts it (the outline, one row a line): nested links,
 * page links that follow their page, and bad rows refused on the row's line with nothing lost.
 */
describe('header menu: structured rows and page links', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof import('../helpers/admin').signedInAgent>>;
  let token: string;
  let url: string;
  let fields: Record<string, string>;
  let pageId: number;
  let sectionId: number;

  useTestApp({ signIn: true }, (suite) => ({ t, agent: admin, token } = suite));
  before(async () => {
    const site = await t.db
      .selectFrom('sites')
      .select('id')
      .where('hostname', '=', 'localhost')
      .executeTakeFirstOrThrow();
    const nav = await t.db
      .selectFrom('snippet_navigation')
      .select('id')
      .where('site_id', '=', site.id)
      .where('language_code', '=', 'en-US')
      .executeTakeFirstOrThrow();
    url = `/wagtail/snippets/core/tierednavigation/edit/${nav.id}/`;
    fields = { csrfmiddlewaretoken: token, site: String(site.id), language: 'en-US' };
    const home = await findLivePage(t.db, '/home/', '0001');
    if (!home) throw new Error('no US home page');
    const page = (base: string, parentId: number) =>
      createPage(t.db, {
        pageType: 'ExamplePage',
        title: base,
        slug: base,
        parentId,
        publish: true,
        content: { body: [], confirmation_content: [] },
      });
    sectionId = (await page('menu-section-a', home.id)).id;
    pageId = (await page('lobster-rolls', sectionId)).id;
  });

  const open = async () => {
    const form = await admin.get(url).expect(200);
    return { menu: textareaValue(form.text), version: versionIn(form.text) };
  };

  it('publishes nested links and a page link; the header renders them and follows the page when it moves', async () => {
    const { version } = await open();
    const menu = [
      '# primary: Menu',
      '- Full Menu | /menu/',
      `-- Lobster Rolls | page:${pageId}`,
      '-- Fish | /menu/fish/',
      '- Specials | /specials/',
      '# secondary: Visit',
      '- Locations | /locations/',
    ].join('\n');
    await admin
      .post(url)
      .type('form')
      .send({ ...fields, menu, version, 'action-publish': '1' })
      .expect(303);
    const reopened = await open();
    expect(reopened.menu, 'the page link is stored by id').to.equal(menu);
    const stored = await t.db
      .selectFrom('snippet_navigation')
      .select('content')
      .where('site_id', '=', Number(fields.site))
      .where('language_code', '=', 'en-US')
      .executeTakeFirstOrThrow();
    const link = (stored.content as { sections: Array<{ links: Array<{ children?: unknown[] }> }> }).sections[0]!
      .links[0]!;
    expect(link.children![0]).to.deep.equal({ display_name: 'Lobster Rolls', page: pageId });

    let home = await request(t.app).get('/').set('Host', 'localhost:3000').expect(200);
    expect(home.text).to.include('<a href="/menu-section-a/lobster-rolls/">Lobster Rolls</a>');
    expect(home.text).to.include('<a href="/menu/fish/">Fish</a>');
    expect(home.text.indexOf('Lobster Rolls')).to.be.lessThan(home.text.indexOf('>Fish<'));

    const admins = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const usHome = (await findLivePage(t.db, '/home/', '0001'))!;
    await movePage(t.db, pageId, usHome.id, admins.id);
    // A cached header may hold the old address until the cache's settle time (a second) has passed
    // after the move's commit: a render in the gap between the write and the commit reads old rows.
    await waitFor(
      async () => {
        home = await request(t.app).get('/').set('Host', 'localhost:3000').expect(200);
        return home.text.includes('<a href="/lobster-rolls/">Lobster Rolls</a>');
      },
      3000,
      'the header link to follow the moved page',
    );
  });

  it('refuses bad rows with a message on the row’s line, keeping everything typed', async () => {
    const { version } = await open();
    const cases: Array<{ menu: string; message: string }> = [
      {
        menu: '# primary: Menu\n- Good | /good/\n- Evil | javascript:alert(1)',
        message: 'Line 3: the address must be a site path',
      },
      {
        menu: '# primary: Menu\n- Good | /good/\n-- Gone | page:999999',
        message: 'Line 3: the page chosen for this link (page 999999) no longer exists',
      },
      {
        menu: '# primary: Menu\n-- Orphan | /x/',
        message: 'Line 2: a third-level link ("-- ") must come under a link',
      },
      {
        menu: `# primary: Menu\n- ${'x'.repeat(81)} | /x/`,
        message: 'Line 2: the name must be at most 80 characters.',
      },
      { menu: '# tertiary: Menu\n- A | /a/', message: 'Line 1: a section starts with' },
    ];
    for (const { menu, message } of cases) {
      for (const action of [{}, { 'action-publish': '1' }]) {
        const refused = await admin
          .post(url)
          .type('form')
          .send({ ...fields, menu, version, ...action })
          .expect(400);
        expect(unescape(refused.text)).to.include(message);
        expect(textareaValue(refused.text), 'nothing typed is lost').to.equal(menu);
        expect(refused.text).to.include('id="id_menu-error"');
      }
    }
    const after = await open();
    expect(after.menu).not.to.include('Evil');
  });

  it('offers the structured editor on the menu field and keeps the outline as the form’s value', async () => {
    const form = await admin.get(url).expect(200);
    expect(form.text).to.include('data-enhance="menu"');
    expect(form.text).to.include('page:42');
  });
});
