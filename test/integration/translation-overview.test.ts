import { expect } from 'chai';
import { createPage } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import { submitTranslation } from '../../server/modules/translations/submit-service';
import type { TestApp } from '../helpers/app';
import { useTestApp, type SignedInAgent } from '../helpers/app-suite';

describe('translations overview (the Translations report and the explorer badges)', () => {
  let t: TestApp;
  let agent: SignedInAgent;
  useTestApp({ signIn: true }, (suite) => ({ t, agent } = suite));

  let frCA: number;
  let enUS: number;
  let englishHome: Page;
  const pages: Record<'progress' | 'missing' | 'stale' | 'done', Page> = {} as never;
  const translations: Record<string, { id: number; pageId: number }> = {};

  before(async () => {
    const locale = async (code: string) =>
      (await t.db.selectFrom('locales').select('id').where('language_code', '=', code).executeTakeFirstOrThrow()).id;
    const enCA = await locale('en-CA');
    frCA = await locale('fr-CA');
    enUS = await locale('en-US');
    englishHome = await t.db
      .selectFrom('pages')
      .selectAll()
      .where('page_type', '=', 'HomePage')
      .where('locale_id', '=', enCA)
      .executeTakeFirstOrThrow();
    const admin = await t.db
      .selectFrom('users')
      .select(['id', 'is_superuser'])
      .where('is_superuser', '=', true)
      .executeTakeFirstOrThrow();
    for (const name of ['progress', 'missing', 'stale', 'done'] as const) {
      pages[name] = await createPage(t.db, {
        parentId: englishHome.id,
        pageType: 'ExamplePage',
        title: `Zz overview ${name}`,
        slug: `zz-overview-${name}`,
        content: {
          body: [
            { type: 'heading', id: 'h1', value: { text: `Overview heading ${name}`, level: 'h2' } },
            { type: 'heading', id: 'h2', value: { text: `Second heading ${name}`, level: 'h2' } },
            { type: 'heading', id: 'h3', value: { text: `Third heading ${name}`, level: 'h2' } },
          ],
        },
        publish: true,
      });
      if (name === 'missing') continue;
      await submitTranslation(t.db, admin, pages[name].id, { localeIds: [frCA], subpages: false });
      const row = await t.db
        .selectFrom('page_translations as pt')
        .innerJoin('translation_sources as s', 's.id', 'pt.source_id')
        .select(['pt.id', 'pt.page_id'])
        .where('s.page_id', '=', pages[name].id)
        .executeTakeFirstOrThrow();
      translations[name] = { id: row.id, pageId: row.page_id };
      // Segments: the title and three headings. progress: 1 of 4; stale: 4, one out of date; done: 4.
      const ids = name === 'progress' ? ['page.title'] : ['page.title', 'body.h1.text', 'body.h2.text', 'body.h3.text'];
      await t.db
        .insertInto('segment_translations')
        .values(
          ids.map((segment_id) => ({
            translation_id: row.id,
            segment_id,
            source_text: 'x',
            target_text: `FR ${segment_id}`,
            status:
              name === 'stale' && segment_id === 'body.h2.text' ? ('out_of_date' as const) : ('translated' as const),
          })),
        )
        .execute();
    }
  });

  /** The report's rows as text: 'title | locale | state | progress'. */
  const reportRows = async (query: string) => {
    const res = await agent.get(`/wagtail/reports/translations/?${query}`).expect(200);
    return [...res.text.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)]
      .map((row) =>
        [...row[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => cell[1]!.replace(/<[^>]+>/g, '').trim()),
      )
      .filter((cells) => cells.length >= 6)
      .map((cells) => `${cells[0]} | ${cells[3]} | ${cells[4]} | ${cells[5]}`);
  };

  it('lists each page and locale: missing, in progress with %, out of date, up to date', async () => {
    expect(await reportRows('q=Zz+overview')).to.deep.equal([
      'Zz overview done | fr-CA | Up to date | 4 of 4 (100%)',
      'Zz overview missing | fr-CA | Missing | ',
      'Zz overview progress | fr-CA | In progress | 1 of 4 (25%)',
      'Zz overview stale | fr-CA | Out of date | 3 of 4 (75%)',
    ]);
    expect(await reportRows('q=Zz+overview&state=missing')).to.deep.equal(['Zz overview missing | fr-CA | Missing | ']);
    expect(await reportRows('q=Zz+overview&ordering=-percent')).to.have.length(4);
    expect(await reportRows(`q=Zz+overview&locale=${enUS}`)).to.deep.equal([]);
    // The section filter: a section elsewhere has none of them.
    const otherSection = await t.db
      .selectFrom('pages')
      .select('id')
      .where('depth', '=', 3)
      .where('locale_id', '=', enUS)
      .executeTakeFirstOrThrow();
    expect(await reportRows(`q=Zz+overview&section=${otherSection.id}`)).to.deep.equal([]);
    const usMissing = await agent.get(`/wagtail/reports/translations/?locale=${frCA}&state=missing`).expect(200);
    expect(usMissing.text).to.contain('Zz overview missing');
    const res = await agent.get(`/wagtail/reports/translations/?q=Zz+overview&state=missing`).expect(200);
    expect(res.text).to.contain(`href="/wagtail/localize/submit/page/${pages.missing.id}/"`);
    const editor = await agent.get('/wagtail/reports/translations/?q=Zz+overview&state=in_progress').expect(200);
    expect(editor.text).to.contain(`href="/wagtail/localize/translations/${translations.progress!.id}/edit/"`);
  });

  it('exports the filtered report as CSV and XLSX', async () => {
    const csv = await agent.get('/wagtail/reports/translations/?q=Zz+overview&export=csv').expect(200);
    const lines = csv.text.trim().split(/\r?\n/);
    expect(lines[0]).to.contain(
      '"Page","URL path","From","Locale","State","Translated segments","Out of date segments"',
    );
    expect(lines.slice(1).map((l) => l.split(',')[4]?.replace(/"/g, ''))).to.deep.equal([
      'Up to date',
      'Missing',
      'In progress',
      'Out of date',
    ]);
    const xlsx = await agent.get('/wagtail/reports/translations/?q=Zz+overview&export=xlsx').buffer(true).expect(200);
    expect(xlsx.headers['content-type']).to.contain('spreadsheetml');
  });

  it('shows each page’s translation state per locale in the explorer, on sources and translations', async () => {
    const english = (await agent.get(`/wagtail/pages/${englishHome.id}/`).expect(200)).text;
    const badgesOf = (html: string, title: string) => {
      const row =
        new RegExp(`<tr[^>]*>(?:(?!</tr>)[\\s\\S])*${title}(?:(?!</tr>)[\\s\\S])*</tr>`).exec(html)?.[0] ?? '';
      return [...row.matchAll(/admin-status--small">([^<]+)</g)].map((m) => m[1]);
    };
    expect(badgesOf(english, 'Zz overview progress')).to.deep.equal(['fr-CA in progress 25%']);
    expect(badgesOf(english, 'Zz overview missing')).to.deep.equal(['fr-CA missing']);
    expect(badgesOf(english, 'Zz overview stale')).to.deep.equal(['fr-CA out of date']);
    expect(badgesOf(english, 'Zz overview done')).to.deep.equal(['fr-CA up to date']);
    // The French parent lists the translations with their own state.
    const frenchParent = await t.db
      .selectFrom('pages')
      .select('path')
      .where('id', '=', translations.progress!.pageId)
      .executeTakeFirstOrThrow();
    const parent = await t.db
      .selectFrom('pages')
      .select('id')
      .where('path', '=', frenchParent.path.slice(0, -4))
      .executeTakeFirstOrThrow();
    const french = (await agent.get(`/wagtail/pages/${parent.id}/`).expect(200)).text;
    expect(badgesOf(french, 'Zz overview done')).to.deep.equal(['fr-CA up to date']);
    // The US explorer has no badges: its pages have nothing to be translated into.
    const usHome = await t.db
      .selectFrom('pages')
      .select('id')
      .where('page_type', '=', 'HomePage')
      .where('locale_id', '=', enUS)
      .executeTakeFirstOrThrow();
    expect((await agent.get(`/wagtail/pages/${usHome.id}/`).expect(200)).text).not.to.contain('admin-status--small');
  });
});
