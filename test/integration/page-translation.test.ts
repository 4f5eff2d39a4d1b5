import { expect } from 'chai';
import { findGroupByName, replaceUserGroups } from '../../server/modules/permissions/groups-repo';
import { saveRevision } from '../../server/modules/pages/edit-service';
import { createPage } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import { rememberTranslations } from '../../server/modules/translations/repo';
import { digestOf } from '../../server/modules/translations/submit-service';
import { hashPassword } from '../../server/modules/users/passwords';
import { insertUser } from '../../server/modules/users/repo';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import type { TestApp } from '../helpers/app';
import { useTestApp, type SignedInAgent } from '../helpers/app-suite';

describe('page translation (translate, side-by-side editor, out of date)', () => {
  let t: TestApp;
  let agent: SignedInAgent;
  let token: string;
  useTestApp({ signIn: true }, (suite) => ({ t, agent, token } = suite));

  let locale: (code: string) => Promise<number>;
  const localeIds = new Map<string, number>();
  const localeId = (code: string) => localeIds.get(code)!;
  let englishHome: Page;
  let linked: { en: Page; fr: Page };
  let counter = 0;

  before(async () => {
    locale = async (code) =>
      (await t.db.selectFrom('locales').select('id').where('language_code', '=', code).executeTakeFirstOrThrow()).id;
    for (const code of ['en-US', 'en-CA', 'fr-CA']) localeIds.set(code, await locale(code));
    const enCA = await locale('en-CA');
    const frCA = await locale('fr-CA');
    englishHome = await t.db
      .selectFrom('pages')
      .selectAll()
      .where('page_type', '=', 'HomePage')
      .where('locale_id', '=', enCA)
      .executeTakeFirstOrThrow();
    // A seeded English page with a live French translation: links to it must follow to French.
    const en = await t.db
      .selectFrom('pages')
      .selectAll()
      .where('locale_id', '=', enCA)
      .where('depth', '=', englishHome.depth + 1)
      .where('live', '=', true)
      .where('translation_key', 'in', (eb) =>
        eb.selectFrom('pages').select('translation_key').where('locale_id', '=', frCA).where('live', '=', true),
      )
      .orderBy('path')
      .executeTakeFirstOrThrow();
    const fr = await t.db
      .selectFrom('pages')
      .selectAll()
      .where('translation_key', '=', en.translation_key)
      .where('locale_id', '=', frCA)
      .executeTakeFirstOrThrow();
    linked = { en, fr };
  });

  /** A live English page on the Canada site with a heading, a hero link and a rich-text link. */
  const englishPage = (heading = 'Fresh fish') =>
    createPage(t.db, {
      parentId: englishHome.id,
      pageType: 'ExamplePage',
      title: `Our catch ${++counter}`,
      slug: `our-catch-${counter}`,
      search_description: 'What we serve',
      content: {
        body: [
          { type: 'heading', id: 'h1', value: { text: heading, level: 'h2' } },
          {
            type: 'rich_text',
            id: 'r1',
            value: {
              html: `<p>Visit <a href="/${linked.en.slug}/" data-page-id="${linked.en.id}">our page</a> <strong>today</strong>.</p>`,
            },
          },
        ],
      },
      publish: true,
    });

  const translate = (page: Page, localeIds: number[], as = agent, csrf = token) =>
    as
      .post(`/wagtail/localize/submit/page/${page.id}/`)
      .type('form')
      .send(`csrfmiddlewaretoken=${csrf}&${localeIds.map((id) => `locales=${id}`).join('&')}`);

  const translationOf = async (pageId: number) =>
    t.db.selectFrom('page_translations').selectAll().where('page_id', '=', pageId).executeTakeFirstOrThrow();

  it('offers the locales whose parent is translated, and creates a linked French draft from translation memory', async () => {
    const source = await englishPage();
    const frCA = await locale('fr-CA');
    await rememberTranslations(t.db, [
      {
        source_locale_id: await locale('en-CA'),
        target_locale_id: frCA,
        source_digest: digestOf('Fresh fish'),
        source_text: 'Fresh fish',
        target_text: 'Poisson frais',
      },
    ]);
    const form = await agent.get(`/wagtail/localize/submit/page/${source.id}/`).expect(200);
    expect(form.text).to.match(/<input[^>]*id="locale-\d+"[^>]*value="\d+"/);
    expect(form.text).to.contain('fr-CA');
    expect(form.text).to.contain('en-US');
    expect(form.text).to.match(/en-US<span class="admin-muted"> \(translate &#x27;.*&#x27; first\)/);

    const res = await translate(source, [frCA]).expect(303);
    const created = await t.db
      .selectFrom('pages')
      .selectAll()
      .where('translation_key', '=', source.translation_key)
      .where('locale_id', '=', frCA)
      .executeTakeFirstOrThrow();
    expect(res.headers.location).to.equal(`/wagtail/pages/${created.id}/edit/`);
    expect(created.live).to.equal(false);
    expect(created.slug).to.equal(source.slug);
    expect(created.path.startsWith(linked.fr.path.slice(0, -4))).to.equal(true);
    const body = (created.content as { body: Array<{ id: string; value: Record<string, string> }> }).body;
    expect(body[0]!.value.text).to.equal('Poisson frais');
    // Not yet translated: the source text, with its link pointing at the French page.
    expect(body[1]!.value.html).to.contain(`data-page-id="${linked.fr.id}"`);
    expect(body[1]!.value.html).to.contain('our page');

    // Translating again into the same locale is refused with a reason.
    const again = await translate(source, [frCA]).expect(400);
    expect(again.text).to.contain('already translated');
  });

  it('edits side by side: refuses broken placeholders without saving anything, then saves and publishes', async () => {
    const source = await englishPage('Our boats');
    await translate(source, [localeId('fr-CA')]).expect(303);
    const translated = await t.db
      .selectFrom('pages')
      .selectAll()
      .where('translation_key', '=', source.translation_key)
      .where('id', '!=', source.id)
      .executeTakeFirstOrThrow();
    const translation = await translationOf(translated.id);
    const url = `/wagtail/localize/translations/${translation.id}/edit/`;
    const screen = await agent.get(url).expect(200);
    expect(screen.text).to.contain('0 of 4 segments translated');
    expect(screen.text).to.contain('Visit &lt;1&gt;our page&lt;/1&gt; &lt;2&gt;today&lt;/2&gt;.');
    expect(screen.text).to.contain('&lt;1&gt;…&lt;/1&gt; link to');
    const base = /name="base_revision_id" value="(\d+)"/.exec(screen.text)![1]!;

    const fields = (values: Record<string, string>, action = 'save') => {
      const params = new URLSearchParams({ csrfmiddlewaretoken: token, base_revision_id: base, action });
      for (const [id, value] of Object.entries(values)) params.set(`segment:${id}`, value);
      return params.toString();
    };
    const bad = await agent
      .post(url)
      .type('form')
      .send(fields({ 'page.title': 'Nos prises', 'body.r1.html#1': 'Visitez <1>notre page</1>' }))
      .expect(400);
    expect(bad.text).to.contain('1 segment has errors: nothing was saved.');
    expect(bad.text).to.contain('Placeholder &lt;2&gt; missing');
    expect(bad.text).to.contain('aria-invalid="true"');
    const rows = await t.db
      .selectFrom('segment_translations')
      .selectAll()
      .where('translation_id', '=', translation.id)
      .execute();
    expect(rows).to.have.length(0);

    await agent
      .post(url)
      .type('form')
      .send(
        fields(
          {
            'page.title': 'Nos prises',
            'page.search_description': 'Ce que nous servons',
            'body.h1.text': 'Nos bateaux',
            'body.r1.html#1': 'Visitez <1>notre page</1> <2>aujourd’hui</2> & plus.',
          },
          'publish',
        ),
      )
      .expect(303);
    const published = await t.db
      .selectFrom('pages')
      .selectAll()
      .where('id', '=', translated.id)
      .executeTakeFirstOrThrow();
    expect(published.live).to.equal(true);
    expect(published.title).to.equal('Nos prises');
    const html = (published.content as { body: Array<{ value: { html?: string } }> }).body[1]!.value.html!;
    expect(html).to.contain(`<a href="/fr/${linked.fr.slug}/" data-page-id="${linked.fr.id}">notre page</a>`);
    expect(html).to.contain('<strong>aujourd’hui</strong> &amp; plus.');
    expect((await agent.get(url).expect(200)).text).to.contain('4 of 4 segments translated');
    // The translation memory learned it.
    const memory = await t.db
      .selectFrom('translation_memory')
      .select('target_text')
      .where('source_text', '=', 'Our boats')
      .execute();
    expect(memory.map((m) => m.target_text)).to.deep.equal(['Nos bateaux']);
  });

  it('marks changed segments out of date when the source is published, and the source lists its translations', async () => {
    const source = await englishPage('Lobster season');
    await translate(source, [localeId('fr-CA')]).expect(303);
    const translated = await t.db
      .selectFrom('pages')
      .select('id')
      .where('translation_key', '=', source.translation_key)
      .where('id', '!=', source.id)
      .executeTakeFirstOrThrow();
    const translation = await translationOf(translated.id);
    const url = `/wagtail/localize/translations/${translation.id}/edit/`;
    await agent
      .post(url)
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        'segment:body.h1.text': 'Saison du homard',
        'segment:page.title': 'Notre prise',
      })
      .expect(303);

    // A draft of the source that changes the heading: its edit screen warns before publishing.
    const draftFields = { title: source.title, slug: source.slug, seo_title: '', search_description: 'What we serve' };
    const changed = structuredClone(source.content) as { body: Array<{ value: Record<string, string> }> };
    changed.body[0]!.value.text = 'Lobster season is here';
    const userId = (
      await t.db.selectFrom('users').select('id').where('is_superuser', '=', true).executeTakeFirstOrThrow()
    ).id;
    await saveRevision(t.db, source.id, userId, draftFields, { publish: false, content: changed });
    const sourceScreen = await agent.get(`/wagtail/pages/${source.id}/edit/`).expect(200);
    expect(sourceScreen.text).to.contain('fr-CA: Notre prise');
    expect(sourceScreen.text).to.contain('Publishing this draft makes 1 translated segment out of date.');

    await saveRevision(t.db, source.id, userId, draftFields, { publish: true, content: changed });
    const row = await t.db
      .selectFrom('segment_translations')
      .selectAll()
      .where('translation_id', '=', translation.id)
      .where('segment_id', '=', 'body.h1.text')
      .executeTakeFirstOrThrow();
    expect(row.status).to.equal('out_of_date');
    const editor = await agent.get(url).expect(200);
    expect(editor.text).to.contain('<del>Lobster season</del>');
    expect(editor.text).to.contain('<ins>Lobster season is here</ins>');
    expect(editor.text).to.contain('Saison du homard');
    expect(editor.text).to.contain('1 out of date');
    expect((await agent.get(`/wagtail/pages/${source.id}/edit/`).expect(200)).text).to.contain('1 out of date');

    // Confirming the unchanged translation brings it up to date.
    await agent
      .post(url)
      .type('form')
      .send({ csrfmiddlewaretoken: token, 'segment:body.h1.text': 'Saison du homard', 'confirm:body.h1.text': 'on' })
      .expect(303);
    expect((await agent.get(url).expect(200)).text).not.to.contain('out of date<');
  });

  it('lets the seeded Translators group translate into French only', async () => {
    const translators = (await findGroupByName(t.db, 'Translators'))!;
    expect(translators).to.not.equal(undefined);
    const user = await insertUser(t.db, {
      username: 'traductrice',
      email: 'traductrice@example.com',
      password_hash: await hashPassword('traduire-les-pages'),
      is_superuser: false,
    });
    await replaceUserGroups(t.db, user.id, [translators.id]);
    const translator = await signedInAgent(t.app, { username: 'traductrice', password: 'traduire-les-pages' });
    const csrf = csrfTokenIn((await translator.get('/wagtail/').expect(200)).text);
    const source = await englishPage('Crab cakes');
    // May not edit the English page, but may translate it into French and edit the translation.
    await translator.get(`/wagtail/pages/${source.id}/edit/`).expect(403);
    await translator.get(`/wagtail/localize/submit/page/${source.id}/`).expect(200);
    await translate(source, [localeId('en-US')], translator, csrf).expect(400);
    await translate(source, [localeId('fr-CA')], translator, csrf).expect(303);
    const translated = await t.db
      .selectFrom('pages')
      .select('id')
      .where('translation_key', '=', source.translation_key)
      .where('id', '!=', source.id)
      .executeTakeFirstOrThrow();
    const translation = await translationOf(translated.id);
    await translator.get(`/wagtail/localize/translations/${translation.id}/edit/`).expect(200);
    // A US page: nothing to translate into that the translator may add to.
    const usPage = await t.db
      .selectFrom('pages')
      .select('id')
      .where('locale_id', '=', await locale('en-US'))
      .where('depth', '=', 3)
      .executeTakeFirstOrThrow();
    await translator.get(`/wagtail/localize/submit/page/${usPage.id}/`).expect(403);
  });

  it('answers 404 for an unknown translation and 400 for a bad id', async () => {
    await agent.get('/wagtail/localize/translations/999999/edit/').expect(404);
    await agent.get('/wagtail/localize/translations/abc/edit/').expect(400);
  });
});
