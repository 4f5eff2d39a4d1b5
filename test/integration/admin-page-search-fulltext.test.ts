import { expect } from 'chai';
import { createPage } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import type { TestApp } from '../helpers/app';
import { useTestApp, type SignedInAgent } from '../helpers/app-suite';

const body = (html: string) => ({
  body: [{ type: 'rich_text', id: 'rt-1', value: { html, alignment: 'left', container: 'full' } }],
  confirmation_content: [],
});

describe('back office: page search over body text in the page language', () => {
  let t: TestApp;
  let home: Page;
  let agent: SignedInAgent;
  useTestApp({ signIn: true }, (suite) => ({ t, home, agent } = suite));

  const search = (q: string) => agent.get(`/wagtail/pages/search/?q=${encodeURIComponent(q)}`).expect(200);

  it('finds English body text with stemming, not only titles', async () => {
    await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Harbour notes',
      slug: 'harbour-notes-fts',
      content: body('<p>Our trawlers return before the <strong>dawns</strong> of winter.</p>'),
    });
    // 'trawler' and 'dawn' are in the body only, and only as 'trawlers' and 'dawns'.
    expect((await search('trawler dawn')).text).to.include('Harbour notes');
    expect((await search('markup-free nonsense-word')).text).to.not.include('Harbour notes');
    // Tags are not words: searching the markup finds nothing.
    expect((await search('strong')).text).to.not.include('Harbour notes');
  });

  it('stems French pages as French', async () => {
    const french = await t.db
      .selectFrom('pages')
      .innerJoin('locales', 'locales.id', 'pages.locale_id')
      .select('pages.id')
      .where('locales.language_code', 'like', 'fr%')
      .where('pages.depth', '=', 2)
      .executeTakeFirstOrThrow();
    await createPage(t.db, {
      parentId: french.id,
      pageType: 'ExamplePage',
      title: 'Notes du port',
      slug: 'notes-du-port-fts',
      content: body('<p>Les chalutiers rentrent avant l’aube avec leurs bateaux.</p>'),
    });
    // French stemming: 'chalutier' finds 'chalutiers', 'bateau' finds 'bateaux'.
    expect((await search('chalutier')).text).to.include('Notes du port');
    expect((await search('bateau')).text).to.include('Notes du port');
  });
});
