import { expect } from 'chai';
import { findGroupByName, replaceUserGroups } from '../../server/modules/permissions/groups-repo';
import { createPage } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import { submitTranslation } from '../../server/modules/translations/submit-service';
import { hashPassword } from '../../server/modules/users/passwords';
import { insertUser } from '../../server/modules/users/repo';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import type { TestApp } from '../helpers/app';
import { useTestApp, type SignedInAgent } from '../helpers/app-suite';

describe('translation files for agencies (PO and XLIFF: download, upload, preview, apply)', () => {
  let t: TestApp;
  let agent: SignedInAgent;
  let token: string;
  useTestApp({ signIn: true }, (suite) => ({ t, agent, token } = suite));

  let enCA: number;
  let frCA: number;
  let englishHome: Page;
  let admin: { id: number; is_superuser: boolean };
  let counter = 0;

  before(async () => {
    const locale = async (code: string) =>
      (await t.db.selectFrom('locales').select('id').where('language_code', '=', code).executeTakeFirstOrThrow()).id;
    enCA = await locale('en-CA');
    frCA = await locale('fr-CA');
    englishHome = await t.db
      .selectFrom('pages')
      .selectAll()
      .where('page_type', '=', 'HomePage')
      .where('locale_id', '=', enCA)
      .executeTakeFirstOrThrow();
    admin = await t.db
      .selectFrom('users')
      .select(['id', 'is_superuser'])
      .where('is_superuser', '=', true)
      .executeTakeFirstOrThrow();
  });

  /** A live English Canada page (a heading and a paragraph with a link and bold text), translated into French. */
  async function translatedPage(options: { parentId?: number; heading?: string } = {}) {
    const n = ++counter;
    const source = await createPage(t.db, {
      parentId: options.parentId ?? englishHome.id,
      pageType: 'ExamplePage',
      title: `Harbour news ${n}`,
      slug: `harbour-news-${n}`,
      content: {
        body: [
          { type: 'heading', id: 'h1', value: { text: options.heading ?? `Fresh fish ${n}`, level: 'h2' } },
          {
            type: 'rich_text',
            id: 'r1',
            value: { html: `<p>Visit <a href="/menu/">our menu</a> <strong>today</strong> (${n}).</p>` },
          },
        ],
      },
      publish: true,
    });
    return source;
  }
  const translate = async (source: Page, subpages = false) => {
    await submitTranslation(t.db, admin, source.id, { localeIds: [frCA], subpages });
    return translationOf(source);
  };
  const translationOf = async (source: Page) => {
    const row = await t.db
      .selectFrom('page_translations as pt')
      .innerJoin('pages', 'pages.id', 'pt.page_id')
      .select(['pt.id', 'pt.page_id'])
      .where('pages.translation_key', '=', source.translation_key)
      .where('pt.locale_id', '=', frCA)
      .executeTakeFirstOrThrow();
    return { translationId: row.id, pageId: row.page_id };
  };
  const rowsOf = (translationId: number) =>
    t.db
      .selectFrom('segment_translations')
      .select(['segment_id', 'target_text', 'status'])
      .where('translation_id', '=', translationId)
      .orderBy('segment_id')
      .execute();
  const download = (translationId: number, query: string) =>
    agent
      .get(`/wagtail/localize/translations/${translationId}/download/?${query}`)
      .buffer(true)
      .parse((res, done) => {
        // Any download as text (supertest buffers only some types).
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => done(null, body));
      });
  const upload = (translationId: number, body: string | Buffer, name = 'fr.po', as = agent, csrf = token) =>
    as
      .post(`/wagtail/localize/translations/${translationId}/upload/`)
      .set('X-CSRFToken', csrf)
      .attach('translation_file', Buffer.isBuffer(body) ? body : Buffer.from(body), name);
  const apply = (translationId: number, previewHtml: string) =>
    agent
      .post(`/wagtail/localize/translations/${translationId}/upload/apply/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, token: /name="token" value="([^"]+)"/.exec(previewHtml)![1]! });
  /** A PO file with msgstr filled for the given msgctxt values. */
  const fillPo = (po: string, translations: Record<string, string>) =>
    Object.entries(translations).reduce(
      (file, [context, text]) =>
        file.replace(
          new RegExp(`(msgctxt "${context.replace(/[.#]/g, '\\$&')}"\\nmsgid "[^\\n]*"\\n)msgstr "[^\\n]*"`),
          (_all, head: string) => `${head}msgstr ${JSON.stringify(text)}`,
        ),
      po,
    );
  const importsHeld = async () => (await t.db.selectFrom('translation_imports').select('token').execute()).length;

  it('downloads the untranslated segments as PO, previews the upload per segment, applies it on confirm', async () => {
    const source = await translatedPage();
    const { translationId, pageId } = await translate(source);
    const screen = await agent.get(`/wagtail/localize/translations/${translationId}/download/`).expect(200);
    expect(screen.text).to.contain('XLIFF 2.1');
    const res = await download(translationId, 'format=po').expect(200);
    expect(res.headers['content-disposition']).to.equal(`attachment; filename="${source.slug}-fr-CA.po"`);
    const po = res.body as string;
    expect(po).to.contain('"Language: fr-CA\\n"');
    expect(po).to.contain(`msgctxt "${source.id}:body.r1.html#1"`);
    expect(po).to.contain('msgid "Visit <1>our menu</1> <2>today</2> (');

    const filled = fillPo(po, {
      [`${source.id}:page.title`]: 'Nouvelles du port',
      [`${source.id}:body.h1.text`]: 'Poisson frais',
      [`${source.id}:body.r1.html#1`]: 'Visitez <1>notre menu</1> <2>aujourd’hui</2>.',
    });
    const preview = await upload(translationId, filled).expect(200);
    expect(preview.text).to.contain('3 segments will change; 0 entries change nothing. Nothing has been saved yet.');
    expect(preview.text).to.contain('<ins>Visitez &lt;1&gt;notre menu&lt;/1&gt; &lt;2&gt;aujourd’hui&lt;/2&gt;.</ins>');
    expect(await rowsOf(translationId)).to.deep.equal([]);

    await apply(translationId, preview.text).expect(303);
    expect((await rowsOf(translationId)).map((r) => [r.segment_id, r.target_text, r.status])).to.deep.equal([
      ['body.h1.text', 'Poisson frais', 'translated'],
      ['body.r1.html#1', 'Visitez <1>notre menu</1> <2>aujourd’hui</2>.', 'translated'],
      ['page.title', 'Nouvelles du port', 'translated'],
    ]);
    const draft = await t.db
      .selectFrom('page_revisions')
      .innerJoin('pages', 'pages.latest_revision_id', 'page_revisions.id')
      .select('page_revisions.content')
      .where('pages.id', '=', pageId)
      .executeTakeFirstOrThrow();
    const body = (draft.content as unknown as { content: { body: Array<{ value: { html?: string } }> } }).content.body;
    expect(body[1]!.value.html).to.contain('notre menu</a> <strong>aujourd’hui</strong>.');
    // The preview is used once; nothing is left over.
    await apply(translationId, preview.text).expect(400);
    // Nothing left to translate: the next download has no entries.
    const rest = (await download(translationId, 'format=po').expect(200)).body as string;
    expect(rest).not.to.match(/^msgctxt/m);
  });

  it('round-trips XLIFF 2.1, and an out-of-date segment is confirmed unless still marked initial', async () => {
    const source = await translatedPage({ heading: 'Crab season' });
    const { translationId } = await translate(source);
    const xliff = (await download(translationId, 'format=xliff').expect(200)).body as string;
    expect(xliff).to.contain('version="2.1" srcLang="en-CA" trgLang="fr-CA"');
    expect(xliff).to.contain(`<file id="page-${source.id}"`);
    expect(xliff).to.contain('<unit id="body.r1.html:1"');
    const translated = xliff
      .replace(/(<unit id="body.h1.text"[\s\S]*?)<target><\/target>/, '$1<target>Saison du crabe</target>')
      .replace(
        /(<unit id="body.r1.html:1"[\s\S]*?)<target><\/target>/,
        '$1<target>Visitez <pc id="1">notre menu</pc> <pc id="2">aujourd’hui</pc>.</target>',
      );
    const preview = await upload(translationId, translated, 'fr.xlf').expect(200);
    expect(preview.text).to.contain('2 segments will change; 1 entry changes nothing.');
    await apply(translationId, preview.text).expect(303);
    expect((await rowsOf(translationId)).map((r) => r.target_text)).to.deep.equal([
      'Saison du crabe',
      'Visitez <1>notre menu</1> <2>aujourd’hui</2>.',
    ]);
    await t.db
      .updateTable('segment_translations')
      .set({ status: 'out_of_date' })
      .where('translation_id', '=', translationId)
      .where('segment_id', '=', 'body.h1.text')
      .execute();
    const stale = (await download(translationId, 'format=xliff').expect(200)).body as string;
    expect(stale).to.match(
      /<segment state="initial">\s*<source>Crab season<\/source>\s*<target>Saison du crabe<\/target>/,
    );
    // Sent back as it was (still 'initial'): nothing changes. Marked translated: confirmed.
    expect((await upload(translationId, stale, 'fr.xlf').expect(200)).text).to.contain('0 segments will change');
    const confirmed = await upload(translationId, stale.replace('state="initial"', 'state="final"'), 'fr.xlf').expect(
      200,
    );
    expect(confirmed.text).to.contain('Still right');
    await apply(translationId, confirmed.text).expect(303);
    expect((await rowsOf(translationId)).every((r) => r.status === 'translated')).to.equal(true);
  });

  it('refuses invalid files with the line and reason, applying nothing', async () => {
    const source = await translatedPage();
    const other = await translatedPage();
    const { translationId } = await translate(source);
    const otherTranslation = await translate(other);
    const po = (await download(translationId, 'format=po').expect(200)).body as string;
    const held = await importsHeld();
    const good = { [`${source.id}:page.title`]: 'Titre' };
    const lineOf = (file: string, text: string) => file.split('\n').findIndex((l) => l.includes(text)) + 1;
    const refused = async (file: string | Buffer, message: string, name = 'fr.po') => {
      const res = await upload(translationId, file, name).expect(400);
      expect(res.text).to.contain('The file was refused: nothing was applied.');
      expect(res.text).to.contain(message.replace(/'/g, '&#x27;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
      expect(await rowsOf(translationId)).to.deep.equal([]);
    };
    const syntax = fillPo(po, good).replace('msgid "Harbour', 'msgid Harbour');
    await refused(syntax, `Line ${lineOf(syntax, 'msgid Harbour')}: A string must be in double quotes`);
    const unknown = fillPo(po, good).replace(`${source.id}:body.h1.text`, `${source.id}:body.zz.text`);
    await refused(unknown, `Line ${lineOf(unknown, 'body.zz.text')}: Unknown segment 'body.zz.text'`);
    const placeholders = fillPo(po, { [`${source.id}:body.r1.html#1`]: 'Visitez <1>notre menu</1>.' });
    await refused(placeholders, `Line ${lineOf(placeholders, 'html#1')}: Placeholder <2> missing`);
    await refused(
      fillPo(po, good).replace('Language: fr-CA', 'Language: en_US'),
      "a translation into 'en_US', not into fr-CA",
    );
    const otherPo = (await download(otherTranslation.translationId, 'format=po').expect(200)).body as string;
    await refused(fillPo(otherPo, { [`${other.id}:page.title`]: 'Autre' }), 'the file belongs to another page');
    const changed = fillPo(po, good).replace(`msgid "${source.title}"`, 'msgid "An older title"');
    await refused(changed, 'the source changed since the file was made');
    await refused(Buffer.from([0x6d, 0x73, 0xff]), 'The file is not UTF-8 text');
    await refused('<xliff><file></xliff>', 'The XML is not well formed', 'fr.xlf');
    // One bad entry among good ones: the good ones are not applied either.
    await refused(
      fillPo(po, { ...good, [`${source.id}:body.r1.html#1`]: 'Visitez <3>x</3>' }),
      'Placeholder <3> is not in the source text.',
    );
    expect(await importsHeld()).to.equal(held);
  });

  it('covers a page and its subpages in one file, applied in one transaction', async () => {
    const parent = await translatedPage();
    const child = await translatedPage({ parentId: parent.id });
    const { translationId } = await translate(parent, true);
    const childTranslation = (await translationOf(child)).translationId;
    const screen = await agent.get(`/wagtail/localize/translations/${translationId}/download/`).expect(200);
    expect(screen.text).to.contain('Also its subpages translated into fr-CA (1)');
    expect((await download(translationId, 'format=po').expect(200)).body).not.to.contain(`msgctxt "${child.id}:`);
    const po = (await download(translationId, 'format=po&subpages=on').expect(200)).body as string;
    expect(po).to.contain(`msgctxt "${child.id}:page.title"`);
    const both = fillPo(po, { [`${parent.id}:page.title`]: 'Parent FR', [`${child.id}:page.title`]: 'Enfant FR' });
    const preview = await upload(translationId, both).expect(200);
    expect(preview.text).to.contain('2 segments will change');

    // Between preview and confirmation someone translates the child's title: nothing is applied.
    await t.db
      .insertInto('segment_translations')
      .values({
        translation_id: childTranslation,
        segment_id: 'page.title',
        source_text: child.title,
        target_text: 'Déjà traduit',
        status: 'translated',
      })
      .execute();
    const stale = await apply(translationId, preview.text).expect(409);
    expect(stale.text).to.contain('changed since the preview: nothing was applied');
    expect(await rowsOf(translationId)).to.deep.equal([]);
    await t.db.deleteFrom('segment_translations').where('translation_id', '=', childTranslation).execute();

    await apply(translationId, (await upload(translationId, both).expect(200)).text).expect(303);
    expect((await rowsOf(translationId)).map((r) => r.target_text)).to.deep.equal(['Parent FR']);
    expect((await rowsOf(childTranslation)).map((r) => r.target_text)).to.deep.equal(['Enfant FR']);
  });

  it('limits the size, and checks permissions: upload needs change on the translation, download view on the source', async () => {
    const source = await translatedPage();
    const { translationId } = await translate(source);
    const big = await upload(translationId, Buffer.alloc(2_000_100, 0x23)).expect(413);
    expect(big.text).to.contain('larger than 2 MB');

    const translators = (await findGroupByName(t.db, 'Translators'))!;
    const user = await insertUser(t.db, {
      username: 'agence',
      email: 'agence@example.com',
      password_hash: await hashPassword('traduire-les-fichiers'),
      is_superuser: false,
    });
    await replaceUserGroups(t.db, user.id, [translators.id]);
    const translator = await signedInAgent(t.app, { username: 'agence', password: 'traduire-les-fichiers' });
    const csrf = csrfTokenIn((await translator.get('/wagtail/').expect(200)).text);
    // The French translation is theirs to change, the English source is not theirs to see.
    await translator.get(`/wagtail/localize/translations/${translationId}/upload/`).expect(200);
    await translator.get(`/wagtail/localize/translations/${translationId}/download/?format=po`).expect(403);
    const po = (await download(translationId, 'format=po').expect(200)).body as string;
    const preview = await upload(
      translationId,
      fillPo(po, { [`${source.id}:page.title`]: 'Par l’agence' }),
      'fr.po',
      translator,
      csrf,
    ).expect(200);
    // Another user cannot confirm their preview.
    await apply(translationId, preview.text).expect(400);
  });
});
