import { expect } from 'chai';
import request from 'supertest';
import { hashPassword } from '../../server/modules/users/passwords';
import { insertUser } from '../../server/modules/users/repo';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import { publishBlocksPage } from '../factories/blocks-page';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

const versionIn = (html: string) => {
  const match = /name="version" value="(\d+)"/.exec(html);
  if (!match) throw new Error('no version field');
  return match[1]!;
};
const unescape = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
const textareaValue = (html: string, name: string) => {
  const match = new RegExp(`<textarea[^>]*name="${name}"[^>]*>([\\s\\S]*?)</textarea>`).exec(html);
  if (!match) throw new Error(`no textarea ${name}`);
  return unescape(match[1]!);
};

describe('snippets: countries, header menus and footers', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInAgent>>;
  let token: string;
  let usSite: number;
  let caSite: number;

  useTestApp({ signIn: true }, (suite) => ({ t, agent: admin, token } = suite));
  before(async () => {
    usSite = (await t.db.selectFrom('sites').select('id').where('hostname', '=', 'localhost').executeTakeFirstOrThrow())
      .id;
    caSite = (
      await t.db.selectFrom('sites').select('id').where('hostname', '=', 'ca.localhost').executeTakeFirstOrThrow()
    ).id;
  });

  it('lists the snippet types with their counts, and sends anonymous visitors to the login', async () => {
    const index = await admin.get('/wagtail/snippets/').expect(200);
    for (const href of [
      '/wagtail/snippets/core/country/',
      '/wagtail/snippets/core/tierednavigation/',
      '/wagtail/snippets/core/footer/',
    ])
      expect(index.text).to.include(`href="${href}"`);
    // Two sites, two locales (en-US, fr-CA, en-CA): one country row per site and locale.
    const countries = await t.db
      .selectFrom('snippet_countries')
      .select(['iso_code', 'language_code', 'printable_name'])
      .orderBy('iso_code')
      .orderBy('language_code')
      .execute();
    expect(countries.filter((c) => c.language_code === 'fr-CA').map((c) => c.printable_name)).to.deep.equal([
      'Canada',
      'États-Unis',
    ]);
    const anonymous = await request(t.app).get('/wagtail/snippets/core/country/').expect(302);
    expect(anonymous.headers.location).to.equal('/wagtail/login/?next=%2Fwagtail%2Fsnippets%2Fcore%2Fcountry%2F');
  });

  it('adds, edits and deletes a country; refuses bad input field by field and keeps it', async () => {
    const add = (fields: Record<string, string>) =>
      admin
        .post('/wagtail/snippets/core/country/add/')
        .type('form')
        .send({
          csrfmiddlewaretoken: token,
          printable_name: '',
          iso_code: '',
          language: 'en-US',
          site: '',
          root_page: '',
          ...fields,
        });
    const bad = await add({ printable_name: '', iso_code: 'USA', language: 'xx-nope' }).expect(400);
    expect(bad.text).to.include('This field is required.');
    expect(bad.text).to.include('Enter the two-letter ISO 3166 code');
    expect(bad.text).to.include('value="USA"');
    const unknownLanguage = await add({ printable_name: 'Mexico', iso_code: 'MX', language: 'de-DE' }).expect(400);
    expect(unknownLanguage.text).to.include('Select a valid choice.');
    const duplicate = await add({ printable_name: 'Les States', iso_code: 'us', language: 'fr-CA' }).expect(400);
    expect(unescape(duplicate.text)).to.include('US already has a name in fr-CA (“États-Unis”): edit that one.');
    const missingRoot = await add({
      printable_name: 'Mexico',
      iso_code: 'MX',
      site: String(usSite),
      root_page: '/no-such-page/',
    }).expect(400);
    expect(missingRoot.text).to.include('No live page answers /no-such-page/');

    await add({ printable_name: 'Mexico', iso_code: 'mx', site: String(usSite), root_page: '/' }).expect(303);
    const row = await t.db
      .selectFrom('snippet_countries')
      .selectAll()
      .where('iso_code', '=', 'MX')
      .executeTakeFirstOrThrow();
    expect(row.root_page_id).to.be.a('number');
    const list = await admin.get('/wagtail/snippets/core/country/?q=mexico').expect(200);
    expect(list.text).to.include('Mexico');
    expect(list.text).not.to.include('>Canada<');

    const edit = await admin.get(`/wagtail/snippets/core/country/edit/${row.id}/`).expect(200);
    const version = versionIn(edit.text);
    // On the Canada site's home (the switcher hides the region the visitor is in).
    const fields = {
      csrfmiddlewaretoken: token,
      printable_name: 'México',
      iso_code: 'MX',
      language: 'en-US',
      site: String(caSite),
      root_page: '',
    };
    await admin
      .post(`/wagtail/snippets/core/country/edit/${row.id}/`)
      .type('form')
      .send({ ...fields, version })
      .expect(303);
    // The same form again, opened on the old version: refused, naming who saved meanwhile.
    const stale = await admin
      .post(`/wagtail/snippets/core/country/edit/${row.id}/`)
      .type('form')
      .send({ ...fields, printable_name: 'Mexique', version })
      .expect(409);
    expect(unescape(stale.text)).to.match(
      /This country was changed by [^<]+ at [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M UTC after you opened it/,
    );
    expect(stale.text).to.include('value="Mexique"');
    expect(
      (
        await t.db
          .selectFrom('snippet_countries')
          .select('printable_name')
          .where('id', '=', row.id)
          .executeTakeFirstOrThrow()
      ).printable_name,
    ).to.equal('México');

    // The new country shows in the region switcher at once (the cache was cleared).
    const page = await request(t.app).get('/').set('Host', 'localhost:3000').expect(200);
    expect(page.text).to.include('>México</a>');
    await admin
      .post(`/wagtail/snippets/core/country/delete/${row.id}/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token })
      .expect(303);
    const after = await request(t.app).get('/').set('Host', 'localhost:3000').expect(200);
    expect(after.text).not.to.include('México');
  });

  it('saves the header menu as a draft, previews it, publishes it, reverts to an earlier version', async () => {
    const nav = await t.db
      .selectFrom('snippet_navigation')
      .selectAll()
      .where('site_id', '=', usSite)
      .where('language_code', '=', 'en-US')
      .executeTakeFirstOrThrow();
    const url = `/wagtail/snippets/core/tierednavigation/edit/${nav.id}/`;
    const form = await admin.get(url).expect(200);
    const menu = textareaValue(form.text, 'menu');
    expect(menu).to.include('# primary: Menu\n- Full Menu | /menu/');
    const drafted = `${menu.replace('- Full Menu | /menu/', '- Full Menu | /menu/\n-- Lobster Nights | /specials/')}\n- Draft Only | /draft-only/`;
    const fields = { csrfmiddlewaretoken: token, site: String(usSite), language: 'en-US' };

    const badOutline = await admin
      .post(url)
      .type('form')
      .send({ ...fields, menu: '- Orphan | /x/', version: versionIn(form.text) })
      .expect(400);
    expect(unescape(badOutline.text)).to.include('Line 1: a link must come after a section line');
    const badUrl = await admin
      .post(url)
      .type('form')
      .send({ ...fields, menu: '# primary: Menu\n- Evil | javascript:alert(1)', version: versionIn(form.text) })
      .expect(400);
    expect(unescape(badUrl.text)).to.include('Line 2: the address must be a site path');

    await admin
      .post(url)
      .type('form')
      .send({ ...fields, menu: drafted, version: versionIn(form.text) })
      .expect(303);
    let live = await request(t.app).get('/').set('Host', 'localhost:3000').expect(200);
    expect(live.text, 'a draft is not live').not.to.include('Lobster Nights');

    const preview = await admin
      .post(`/wagtail/snippets/core/tierednavigation/preview/${nav.id}/`)
      .type('form')
      .send({ ...fields, menu: drafted })
      .expect(200);
    expect(preview.text).to.include('<a href="/specials/">Lobster Nights</a>');
    expect(preview.headers['cache-control']).to.equal('no-store, private');

    const reopened = await admin.get(url).expect(200);
    expect(textareaValue(reopened.text, 'menu'), 'the form opens on the draft').to.include('Lobster Nights');
    await admin
      .post(url)
      .type('form')
      .send({ ...fields, menu: drafted, version: versionIn(reopened.text), 'action-publish': '1' })
      .expect(303);
    live = await request(t.app).get('/').set('Host', 'localhost:3000').expect(200);
    expect(live.text).to.include('<a href="/specials/">Lobster Nights</a>');
    expect(live.text).to.include('Draft Only');
    // The other site's header is its own snippet.
    const ca = await request(t.app).get('/').set('Host', 'ca.localhost:3000').expect(200);
    expect(ca.text).not.to.include('Lobster Nights');

    const history = await admin.get(`/wagtail/snippets/core/tierednavigation/history/${nav.id}/`).expect(200);
    const reverts = [
      ...history.text.matchAll(
        /action="(\/wagtail\/snippets\/core\/tierednavigation\/revisions\/\d+\/\d+\/revert\/)"/g,
      ),
    ].map((m) => m[1]!);
    expect(reverts.length).to.be.greaterThan(0);
    // The oldest revision is the first draft (the newest is the publish).
    await admin.post(reverts.at(-1)!).type('form').send({ csrfmiddlewaretoken: token }).expect(303);
    live = await request(t.app).get('/').set('Host', 'localhost:3000').expect(200);
    expect(live.text, 'reverting makes a draft, it does not publish').to.include('Lobster Nights');
  });

  it('refuses a second header menu for the same site and language, and publishing without the publish permission', async () => {
    const dup = await admin
      .post('/wagtail/snippets/core/tierednavigation/add/')
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        site: String(caSite),
        language: 'fr-CA',
        menu: '# primary: Menu\n- Accueil | /fr/',
      })
      .expect(400);
    expect(dup.text).to.include('This site already has a header menu in fr-CA: edit that one.');

    const group = await t.db
      .insertInto('groups')
      .values({ name: 'Header drafters', can_access_admin: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('group_model_permissions')
      .values({ group_id: group.id, model: 'core.tierednavigation', action: 'change' })
      .execute();
    const user = await insertUser(t.db, {
      username: 'drafter',
      email: 'drafter@example.com',
      password_hash: await hashPassword('drafter-password'),
      is_superuser: false,
    });
    await t.db.insertInto('user_groups').values({ user_id: user.id, group_id: group.id }).execute();
    const drafter = await signedInAgent(t.app, { username: 'drafter', password: 'drafter-password' });
    const nav = await t.db
      .selectFrom('snippet_navigation')
      .selectAll()
      .where('site_id', '=', caSite)
      .where('language_code', '=', 'fr-CA')
      .executeTakeFirstOrThrow();
    const url = `/wagtail/snippets/core/tierednavigation/edit/${nav.id}/`;
    const form = await drafter.get(url).expect(200);
    expect(form.text).not.to.include('name="action-publish"');
    const fields = {
      csrfmiddlewaretoken: csrfTokenIn(form.text),
      site: String(caSite),
      language: 'fr-CA',
      menu: `${textareaValue(form.text, 'menu')}\n- Brouillon | /fr/brouillon/`,
      version: versionIn(form.text),
    };
    await drafter
      .post(url)
      .type('form')
      .send({ ...fields, 'action-publish': '1' })
      .expect(403);
    await drafter.post(url).type('form').send(fields).expect(303);
    const live = await request(t.app).get('/fr/').set('Host', 'ca.localhost:3000').expect(200);
    expect(live.text).not.to.include('Brouillon');
    await drafter.get('/wagtail/snippets/core/footer/').expect(403);
  });

  it('publishes a footer: columns, social icons and legal text; bad lines are named', async () => {
    const footer = await t.db
      .selectFrom('snippet_footers')
      .selectAll()
      .where('site_id', '=', caSite)
      .where('language_code', '=', 'fr-CA')
      .executeTakeFirstOrThrow();
    const url = `/wagtail/snippets/core/footer/edit/${footer.id}/`;
    const form = await admin.get(url).expect(200);
    const fields = {
      csrfmiddlewaretoken: token,
      site: String(caSite),
      language: 'fr-CA',
      columns: textareaValue(form.text, 'columns'),
      social_icons: textareaValue(form.text, 'social_icons'),
      legal_text: 'Texte légal publié.',
      version: versionIn(form.text),
    };
    expect(fields.columns).to.include('# Menu [collapsible]');
    const bad = await admin
      .post(url)
      .type('form')
      .send({ ...fields, social_icons: 'myspace | https://myspace.example/', columns: '- Sans colonne | /fr/' })
      .expect(400);
    const text = unescape(bad.text);
    expect(text).to.include('Line 1: the network must be one of');
    expect(text).to.include('Line 1: a link must come after a column line');
    await admin
      .post(url)
      .type('form')
      .send({ ...fields, 'action-publish': '1' })
      .expect(303);
    const live = await request(t.app).get('/fr/blocks/footer/').set('Host', 'ca.localhost:3000').expect(200);
    expect(live.text).to.include('Texte légal publié.');
    expect(live.text).to.include('>États-Unis</a>');
  });

  it('includes a toolbox in pages: editing the toolbox changes every page that uses it; bad blocks are refused', async () => {
    const add = (fields: Record<string, string>) =>
      admin
        .post('/wagtail/snippets/core/toolbox/add/')
        .type('form')
        .send({ csrfmiddlewaretoken: token, name: '', blocks: '[]', ...fields });
    expect(unescape((await add({ name: 'Promo', blocks: '[{"type": "heading"' }).expect(400)).text)).to.include(
      'The blocks are not valid JSON',
    );
    expect(unescape((await add({ name: 'Promo', blocks: '{"type": "heading"}' }).expect(400)).text)).to.include(
      'The blocks must be a list',
    );
    const badBlock = await add({
      name: 'Promo',
      blocks: JSON.stringify([
        { type: 'heading', id: 'h', value: { text: 'ok', level: 'h2' } },
        { type: 'heading', id: 'h2', value: { level: 'h9' } },
      ]),
    }).expect(400);
    expect(unescape(badBlock.text)).to.match(/Block 2: /);
    const nested = await add({
      name: 'Promo',
      blocks: JSON.stringify([{ type: 'toolbox', id: 't', value: { toolbox: 1 } }]),
    }).expect(400);
    expect(unescape(nested.text)).to.include('Block 1: a toolbox cannot include another toolbox.');
    const seeded = await t.db
      .selectFrom('snippet_toolboxes')
      .select(['id', 'name'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(unescape((await add({ name: seeded.name.toUpperCase() }).expect(400)).text)).to.include('already exists');

    const heading = (text: string) =>
      JSON.stringify([
        { type: 'heading', id: 'promo-h', value: { text, level: 'h2', rope: false, alignment: 'centered' } },
      ]);
    await add({ name: 'Lobsterfest promo', blocks: heading('Lobsterfest is back') }).expect(303);
    const toolbox = await t.db
      .selectFrom('snippet_toolboxes')
      .selectAll()
      .where('name', '=', 'Lobsterfest promo')
      .executeTakeFirstOrThrow();
    const first = await publishBlocksPage(t.db, 'toolbox-one', [{ type: 'toolbox', value: { toolbox: toolbox.id } }]);
    const second = await publishBlocksPage(t.db, 'toolbox-two', [{ type: 'toolbox', value: { toolbox: toolbox.id } }]);
    for (const path of [first, second])
      expect((await request(t.app).get(path).set('Host', 'localhost:3000').expect(200)).text).to.include(
        'Lobsterfest is back',
      );

    const form = await admin.get(`/wagtail/snippets/core/toolbox/edit/${toolbox.id}/`).expect(200);
    await admin
      .post(`/wagtail/snippets/core/toolbox/edit/${toolbox.id}/`)
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        name: 'Lobsterfest promo',
        blocks: heading('Lobsterfest ends Sunday'),
        version: versionIn(form.text),
      })
      .expect(303);
    for (const path of [first, second]) {
      const page = await request(t.app).get(path).set('Host', 'localhost:3000').expect(200);
      expect(page.text).to.include('Lobsterfest ends Sunday');
      expect(page.text).not.to.include('Lobsterfest is back');
    }

    const chooser = await admin
      .get('/wagtail/api/main/snippets/core/toolbox/?search=lobster')
      .set('Accept', 'application/json')
      .expect(200);
    expect(chooser.body.meta.total_count).to.equal(1);
    expect(chooser.body.items[0]).to.include({ id: toolbox.id, title: 'Lobsterfest promo' });
    await admin.get('/wagtail/api/main/snippets/core/toolbox/?offset=-1').set('Accept', 'application/json').expect(400);

    // The reference index: the delete screen warns, the usage screen lists both pages.
    expect((await admin.get(`/wagtail/snippets/core/toolbox/delete/${toolbox.id}/`).expect(200)).text).to.include(
      'This toolbox is used in 2 places.',
    );
    const usage = await admin.get(`/wagtail/snippets/core/toolbox/usage/${toolbox.id}/`).expect(200);
    expect(usage.text).to.include('toolbox-one').and.to.include('toolbox-two');

    // A deleted toolbox leaves nothing on the page (never a 500).
    await admin
      .post(`/wagtail/snippets/core/toolbox/delete/${toolbox.id}/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token })
      .expect(303);
    const gone = await request(t.app).get(first).set('Host', 'localhost:3000').expect(200);
    expect(gone.text).not.to.include('Lobsterfest');
  });
});
