import { expect } from 'chai';
import request from 'supertest';
import { findGroupByName, replaceUserGroups } from '../../server/modules/permissions/groups-repo';
import { findChromeFor, publishChrome } from '../../server/modules/snippets/service';
import { rememberTranslations } from '../../server/modules/translations/repo';
import { digestOf } from '../../server/modules/translations/submit-service';
import { hashPassword } from '../../server/modules/users/passwords';
import { insertUser } from '../../server/modules/users/repo';
import type { HeaderContent } from '../../shared/schemas/navigation';
import type { StoredFooter } from '../../shared/schemas/snippets';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import type { TestApp } from '../helpers/app';
import { useTestApp, type SignedInAgent } from '../helpers/app-suite';

describe('snippet translation (header menus and footers)', () => {
  let t: TestApp;
  let agent: SignedInAgent;
  let token: string;
  useTestApp({ signIn: true }, (suite) => ({ t, agent, token } = suite));

  const locales = new Map<string, number>();
  let canada: number;
  let us: number;

  before(async () => {
    for (const row of await t.db.selectFrom('locales').select(['id', 'language_code']).execute())
      locales.set(row.language_code, row.id);
    const sites = await t.db.selectFrom('sites').select(['id', 'hostname']).execute();
    canada = sites.find((s) => s.hostname.startsWith('ca.'))!.id;
    us = sites.find((s) => !s.hostname.startsWith('ca.'))!.id;
  });

  const row = async (table: 'snippet_navigation' | 'snippet_footers', site: number, code: string) =>
    (await findChromeFor(table)(t.db, site, code))!;

  const submit = (path: string, localeIds: number[], as = agent, csrf = token) =>
    as
      .post(`/wagtail/localize/submit/snippet/core/${path}/`)
      .type('form')
      .send(`csrfmiddlewaretoken=${csrf}&${localeIds.map((id) => `locales=${id}`).join('&')}`);

  const editorUrl = (location: string) => {
    const match = /^\/wagtail\/localize\/snippet-translations\/(\d+)\/edit\/$/.exec(location);
    expect(match, location).to.not.equal(null);
    return { url: location, id: Number(match![1]) };
  };

  /** The English Canada footer, set to known content (published). */
  const englishFooter = async (content: StoredFooter) => {
    const en = await row('snippet_footers', canada, 'en-CA');
    await publishChrome('snippet_footers')(t.db, en, { siteId: canada, languageCode: 'en-CA', content } as never);
    return en;
  };

  const footer = (title: string, legal = 'All rights reserved.\nPrices vary.'): StoredFooter => ({
    columns: [
      {
        title,
        is_collapsable: true,
        links: [
          { display_name: 'Full Menu', url: '/menu/' },
          { display_name: 'Elsewhere', url: 'https://example.com/about/' },
        ],
      },
    ],
    social_icons: [{ icon: 'facebook', link: 'https://www.facebook.com/harborline.example' }],
    legal_text: legal,
    use_twitter_bird: false,
  });

  let footerTranslation: { url: string; id: number };

  it("adopts the site's existing French header menu: its text prefills the segments", async () => {
    const en = await row('snippet_navigation', canada, 'en-CA');
    const fr = await row('snippet_navigation', canada, 'fr-CA');
    const form = await agent.get(`/wagtail/localize/submit/snippet/core/tierednavigation/${en.id}/`).expect(200);
    expect(form.text).to.contain('its current text becomes the translation');
    expect(form.text).to.match(/en-US<span class="admin-muted"> \(the site has no home page in this language\)/);
    // The snippet's edit screen links to Translate.
    const edit = await agent.get(`/wagtail/snippets/core/tierednavigation/edit/${en.id}/`).expect(200);
    expect(edit.text).to.contain(`/wagtail/localize/submit/snippet/core/tierednavigation/${en.id}/`);

    const res = await submit(`tierednavigation/${en.id}`, [locales.get('fr-CA')!]).expect(303);
    const { url } = editorUrl(res.headers.location as string);
    const page = await agent.get(url).expect(200);
    const frFirst = (fr.content as HeaderContent).sections[0]!.links[0]!.display_name;
    const enFirst = (en.content as HeaderContent).sections[0]!.links[0]!.display_name;
    expect(page.text).to.contain('data-segment-id="sections.0.links.0.display_name"');
    expect(page.text).to.contain(enFirst);
    expect(page.text).to.contain(frFirst);
    expect(page.text).to.match(/(\d+) of \1 segments translated/);
    // The French row is unchanged until the translator saves.
    expect((await row('snippet_navigation', canada, 'fr-CA')).content).to.deep.equal(fr.content);

    const again = await submit(`tierednavigation/${en.id}`, [locales.get('fr-CA')!]).expect(400);
    expect(again.text).to.contain('already has a fr-CA translation');
    // A translation is not a source.
    const reverse = await submit(`tierednavigation/${fr.id}`, [locales.get('en-CA')!]).expect(400);
    expect(reverse.text).to.contain('is a translation');
  });

  it('creates a French footer from the English one: memory text, mapped links, the rest in English', async () => {
    await englishFooter(footer('Our food'));
    await t.db
      .deleteFrom('snippet_footers')
      .where('site_id', '=', canada)
      .where('language_code', '=', 'fr-CA')
      .execute();
    await rememberTranslations(t.db, [
      {
        source_locale_id: locales.get('en-CA')!,
        target_locale_id: locales.get('fr-CA')!,
        source_digest: digestOf('Our food'),
        source_text: 'Our food',
        target_text: 'Notre cuisine',
      },
    ]);
    const en = await row('snippet_footers', canada, 'en-CA');
    const res = await submit(`footer/${en.id}`, [locales.get('fr-CA')!]).expect(303);
    footerTranslation = editorUrl(res.headers.location as string);
    const made = (await row('snippet_footers', canada, 'fr-CA')).content as StoredFooter;
    expect(made.columns[0]!.title).to.equal('Notre cuisine');
    expect(made.columns[0]!.links[0]!.display_name).to.equal('Full Menu');
    expect(made.columns[0]!.links[0]!.url).to.match(/^\/fr\/.+/);
    expect(made.columns[0]!.links[1]!.url).to.equal('https://example.com/about/');
    expect(made.social_icons).to.deep.equal(footer('x').social_icons);
    expect(made.legal_text).to.equal('All rights reserved.\nPrices vary.');
    const page = await agent.get(footerTranslation.url).expect(200);
    expect(page.text).to.contain('1 of 5 segments translated');
    expect(page.text).to.contain('data-segment-id="legal_text#2"');
  });

  it('refuses a bad translation whole, then saves a draft and publishes, and remembers the text for pages', async () => {
    const { url } = footerTranslation;
    const before = (await row('snippet_footers', canada, 'fr-CA')).content;
    const bad = await agent
      .post(url)
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        'segment:columns.0.links.0.display_name': 'Menu complet',
        'segment:columns.0.links.1.display_name': 'x'.repeat(81),
        'segment:legal_text#1': 'Tous droits\nréservés.',
        action: 'publish',
      })
      .expect(400);
    expect(bad.text).to.contain('2 segments have errors: nothing was saved.');
    expect(bad.text).to.contain('Ensure this value has at most 80 characters (it has 81).');
    expect(bad.text).to.contain('The translation must be one line.');
    expect(bad.text).to.contain('Menu complet'); // what was typed is kept
    expect((await row('snippet_footers', canada, 'fr-CA')).content).to.deep.equal(before);

    await agent
      .post(url)
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        'segment:columns.0.links.0.display_name': 'Menu complet',
        'segment:legal_text#1': 'Tous droits réservés.',
        action: 'save',
      })
      .expect(303);
    // A draft: the live French footer is unchanged, the draft is the snippet's newest revision.
    expect((await row('snippet_footers', canada, 'fr-CA')).content).to.deep.equal(before);
    const frId = (await row('snippet_footers', canada, 'fr-CA')).id;
    const draft = await t.db
      .selectFrom('object_revisions')
      .select('content')
      .where('model', '=', 'core.footer')
      .where('object_id', '=', String(frId))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(draft.content)).to.contain('Menu complet');

    await agent.post(url).type('form').send({ csrfmiddlewaretoken: token, action: 'publish' }).expect(303);
    const live = (await row('snippet_footers', canada, 'fr-CA')).content as StoredFooter;
    expect(live.columns[0]!.links[0]!.display_name).to.equal('Menu complet');
    expect(live.legal_text).to.equal('Tous droits réservés.\nPrices vary.');
    const memory = await t.db
      .selectFrom('translation_memory')
      .select('target_text')
      .where('source_digest', '=', digestOf('Full Menu'))
      .where('target_locale_id', '=', locales.get('fr-CA')!)
      .executeTakeFirstOrThrow();
    expect(memory.target_text).to.equal('Menu complet');
    // The public French page shows the published footer.
    const publicPage = await request(t.app).get('/fr/').set('Host', 'ca.localhost:3000').expect(200);
    expect(publicPage.text).to.contain('Menu complet');
  });

  it('marks a translation out of date when the source is published with other text, and suggests from memory', async () => {
    const { url } = footerTranslation;
    await t.db
      .insertInto('translation_memory')
      .values({
        source_locale_id: locales.get('en-CA')!,
        target_locale_id: locales.get('fr-CA')!,
        source_digest: digestOf('Taxes extra.'),
        source_text: 'Taxes extra.',
        target_text: 'Taxes en sus.',
      })
      .execute();
    await englishFooter(footer('Our food', 'All rights reserved, always.\nTaxes extra.'));
    const page = await agent.get(url).expect(200);
    expect(page.text).to.contain('1 out of date');
    expect(page.text).to.contain('<del>All rights reserved.</del>');
    expect(page.text).to.contain('<ins>All rights reserved, always.</ins>');
    expect(page.text).to.contain('Taxes en sus.');
    expect(page.text).to.contain('From the translation memory');

    await agent
      .post(url)
      .type('form')
      // The form posts the suggestion as its field's value; the out-of-date line is kept as it is.
      .send({
        csrfmiddlewaretoken: token,
        'segment:legal_text#2': 'Taxes en sus.',
        'confirm:legal_text#1': 'on',
        action: 'publish',
      })
      .expect(303);
    const after = await agent.get(url).expect(200);
    expect(after.text).not.to.contain('out of date<');
    const live = (await row('snippet_footers', canada, 'fr-CA')).content as StoredFooter;
    expect(live.legal_text).to.equal('Tous droits réservés.\nTaxes en sus.');
  });

  it('lets the Translators group translate snippets into French only; others are refused', async () => {
    const translators = (await findGroupByName(t.db, 'Translators'))!;
    const user = await insertUser(t.db, {
      username: 'traducteur-menus',
      email: 'traducteur-menus@example.com',
      password_hash: await hashPassword('traduire-les-menus'),
      is_superuser: false,
    });
    await replaceUserGroups(t.db, user.id, [translators.id]);
    const translator = await signedInAgent(t.app, { username: 'traducteur-menus', password: 'traduire-les-menus' });
    const csrf = csrfTokenIn((await translator.get('/wagtail/').expect(200)).text);
    const en = await row('snippet_footers', canada, 'en-CA');
    // No right on the snippet model: the snippet's own screens stay closed.
    await translator.get(`/wagtail/snippets/core/footer/edit/${en.id}/`).expect(403);
    await translator.get(`/wagtail/localize/submit/snippet/core/footer/${en.id}/`).expect(200);
    const edit = await translator.get(footerTranslation.url).expect(200);
    expect(edit.text).to.contain('value="publish"');
    await translator
      .post(footerTranslation.url)
      .type('form')
      .send({ csrfmiddlewaretoken: csrf, 'segment:columns.0.links.1.display_name': 'Ailleurs', action: 'publish' })
      .expect(303);
    // The US site has no French home: nothing the translator may translate there.
    const usFooter = await row('snippet_footers', us, 'en-US');
    await translator.get(`/wagtail/localize/submit/snippet/core/footer/${usFooter.id}/`).expect(403);
    await submit(`footer/${usFooter.id}`, [locales.get('fr-CA')!], translator, csrf).expect(403);

    // Staff without either right may open nothing.
    await insertUser(t.db, {
      username: 'sans-droits',
      email: 'sans-droits@example.com',
      password_hash: await hashPassword('aucun-droit-ici'),
      is_superuser: false,
    });
    const other = await t.db
      .selectFrom('groups')
      .select('id')
      .where('name', '=', 'Moderators')
      .executeTakeFirstOrThrow();
    const stranger = (
      await t.db.selectFrom('users').select('id').where('username', '=', 'sans-droits').executeTakeFirstOrThrow()
    ).id;
    await replaceUserGroups(t.db, stranger, [other.id]);
    const outsider = await signedInAgent(t.app, { username: 'sans-droits', password: 'aucun-droit-ici' });
    await outsider.get(footerTranslation.url).expect(403);
    await outsider.get(`/wagtail/localize/submit/snippet/core/footer/${en.id}/`).expect(403);
  });

  it('answers 404 for snippets that have no languages or do not exist, 400 for bad ids and locales', async () => {
    const country = await t.db.selectFrom('snippet_countries').select('id').executeTakeFirstOrThrow();
    await agent.get(`/wagtail/localize/submit/snippet/core/country/${country.id}/`).expect(404);
    await agent.get('/wagtail/localize/submit/snippet/core/footer/999999/').expect(404);
    await agent.get('/wagtail/localize/submit/snippet/core/footer/abc/').expect(400);
    await agent.get('/wagtail/localize/snippet-translations/999999/edit/').expect(404);
    await agent.get('/wagtail/localize/snippet-translations/abc/edit/').expect(400);
    const usFooter = await row('snippet_footers', us, 'en-US');
    const none = await submit(`footer/${usFooter.id}`, []).expect(400);
    expect(none.text).to.contain('Choose at least one locale.');
    const same = await submit(`footer/${usFooter.id}`, [locales.get('en-US')!]).expect(400);
    expect(same.text).to.contain('Choose a valid locale.');
    const noHome = await submit(`footer/${usFooter.id}`, [locales.get('fr-CA')!]).expect(400);
    expect(noHome.text).to.contain('The site has no fr-CA home page');
  });
});
