import { expect } from 'chai';
import request from 'supertest';
import { findPageById, findRevision } from '../../server/modules/pages/repo';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import { deletePages } from '../helpers/press';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

const pageData = (html: string) => {
  const match = /<script type="application\/json" id="page-data"[^>]*>(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no page-data script');
  return JSON.parse(match[1]!) as { template: string; page: { extra: Record<string, unknown> } };
};
const CA = 'ca.localhost:3000';

describe('press pages (section, release list, release) and media downloads', () => {
  let t: TestApp;
  useTestApp({ seed: true }, (suite) => ({ t } = suite));

  it("edits a release's date, copy and feature image and the section's tiles in the editor, refusing bad values with the input kept", async () => {
    const agent = await signedInAgent(t.app);
    const release = await t.db
      .selectFrom('pages')
      .selectAll()
      .where('page_type', '=', 'PressReleasePage')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const form = await agent.get(`/wagtail/pages/${release.id}/edit/`).expect(200);
    const data = JSON.parse(
      /<script type="application\/json" id="block-editor-data">([^<]*)<\/script>/.exec(form.text)![1]!,
    );
    expect(Object.keys(data.pageFields.schema.properties)).to.deep.equal(['date', 'copy', 'feature_image']);
    expect(data.pageFields.fields.feature_image.widget).to.equal('image_chooser');
    const post = (content: unknown) =>
      agent
        .post(`/wagtail/pages/${release.id}/edit/`)
        .type('form')
        .send({
          csrfmiddlewaretoken: csrfTokenIn(form.text),
          title: release.title,
          slug: release.slug,
          content_json: JSON.stringify(content),
        });

    const bad = await post({ date: '2026-13-45', copy: { html: '<p>News</p>' } }).expect(400);
    expect(
      Object.keys(
        JSON.parse(/<script type="application\/json" id="block-editor-data">([^<]*)<\/script>/.exec(bad.text)![1]!)
          .errors,
      ),
    ).to.include('date');
    expect(bad.text).to.include('2026-13-45');
    await post({ date: '2026-11-01', copy: { html: '<p>Fresh <script>alert(1)</script>news</p>' } }).expect(303);
    const saved = (await findRevision(t.db, (await findPageById(t.db, release.id))!.latest_revision_id!))!;
    expect(saved.content.content).to.deep.include({ date: '2026-11-01', copy: { html: '<p>Fresh news</p>' } });

    const section = await t.db
      .selectFrom('pages')
      .selectAll()
      .where('page_type', '=', 'PressSectionPage')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const sectionForm = await agent.get(`/wagtail/pages/${section.id}/edit/`).expect(200);
    const badTile = await agent
      .post(`/wagtail/pages/${section.id}/edit/`)
      .type('form')
      .send({
        csrfmiddlewaretoken: csrfTokenIn(sectionForm.text),
        title: section.title,
        slug: section.slug,
        content_json: JSON.stringify({
          contact_info: '',
          media_download_tiles: [{ title: 'Kit', document_id: 'abc' }],
        }),
      })
      .expect(400);
    expect(
      Object.keys(
        JSON.parse(/<script type="application\/json" id="block-editor-data">([^<]*)<\/script>/.exec(badTile.text)![1]!)
          .errors,
      ),
    ).to.include('media_download_tiles.0.document_id');
  });

  it('serves the press section with its latest releases, See All, press inquiries and media download tiles', async () => {
    const res = await request(t.app).get('/press/').expect(200);
    expect(pageData(res.text).template).to.equal('PressSectionPage');
    expect(res.text).to.include('<h1>Press</h1>');
    expect(res.text).to.include('Press Inquiries');
    expect(res.text).to.include('href="/press/releases/"');
    expect(res.text).to.match(/<h2[^>]*>Media Downloads<\/h2>/);
    // The press kit PDF: '.pdf File, {size}' with a decimal size and one decimal.
    const size = /\.pdf File, (\d+\.\d) MB/.exec(res.text);
    expect(size, 'a .pdf tile with its size').to.not.equal(null);
    const pdf = await t.db
      .selectFrom('documents')
      .selectAll()
      .where('mimetype', '=', 'application/pdf')
      .executeTakeFirstOrThrow();
    expect(size![1]).to.equal((pdf.file_size / 1_000_000).toFixed(1));
    expect(res.text).to.include('.zip File, ');
    expect(res.text).to.include('.jpg File, ');
    // The latest three releases, newest first, dated M.d.yy.
    const dates = [...res.text.matchAll(/<time dateTime="([\d-]+)">([\d.]+)<\/time>/g)].map((m) => m[2]);
    expect(dates).to.deep.equal(['10.21.26', '9.30.26', '9.12.26']);
  });

  it('lists releases ten a page, newest first, with pagination; page 1 has no page parameter', async () => {
    const first = await request(t.app).get('/press/releases/').expect(200);
    const extra = pageData(first.text).page.extra as {
      current_page: number;
      num_pages: number;
      articles: Array<{ title: string; url: string }>;
    };
    expect(extra.current_page).to.equal(1);
    expect(extra.num_pages).to.equal(3);
    expect(extra.articles).to.have.length(10);
    expect(extra.articles[0]!.title).to.equal('Crab Season Comes to Every Harborline');
    expect(first.text).to.include('Back to Press');
    expect(first.text).to.include('Learn More');
    expect(first.text).to.include('aria-current="page"');
    expect(first.text).to.include('href="/press/releases/?page=2" rel="next"');
    expect(first.text).to.not.include('rel="prev"');
    expect(first.text).to.not.include('?page=1');

    const second = await request(t.app).get('/press/releases/?page=2').expect(200);
    expect(second.text).to.include('href="/press/releases/" rel="prev"');
    expect(second.text).to.include('href="/press/releases/?page=3" rel="next"');
    const last = pageData((await request(t.app).get('/press/releases/?page=3').expect(200)).text).page.extra as {
      articles: unknown[];
    };
    expect(last.articles).to.have.length(6);
  });

  it('redirects ?page=1 to the bare URL', async () => {
    const res = await request(t.app).get('/press/releases/?page=1').expect(301);
    expect(res.headers.location).to.equal('/press/releases/');
  });

  for (const bad of ['4', '0', '-1', 'abc', '2.5', '1e3', '99999999999999999999', '01']) {
    it(`answers 404 (not 500) for ?page=${bad}`, async () => {
      const res = await request(t.app)
        .get(`/press/releases/?page=${encodeURIComponent(bad)}`)
        .expect(404);
      expect(pageData(res.text).template).to.equal('Error404');
    });
  }

  it('answers 404 for a repeated page parameter', async () => {
    await request(t.app).get('/press/releases/?page=2&page=3').expect(404);
  });

  it('serves a release with its date, copy, back link and NewsArticle JSON-LD', async () => {
    const res = await request(t.app).get('/press/lobster-rolls/').expect(200);
    expect(pageData(res.text).template).to.equal('PressReleasePage');
    expect(res.text).to.include('<h1>Lobster Rolls Return for Summer</h1>');
    expect(res.text).to.include('<time dateTime="2026-03-07">3.7.26</time>');
    expect(res.text).to.include('href="/press/">Back to Press</a>');
    const ld = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(res.text);
    expect(ld).to.not.equal(null);
    const json = JSON.parse(ld![1]!) as Record<string, unknown>;
    expect(json['@type']).to.equal('NewsArticle');
    expect(json.headline).to.equal('Lobster Rolls Return for Summer');
    expect(json.datePublished).to.equal('2026-03-07');
    expect(json.url).to.equal('http://localhost:3000/press/lobster-rolls/');
  });

  it('shows French titles and strings on the French Canada site', async () => {
    const res = await request(t.app).get('/fr/press/releases/').set('Host', CA).expect(200);
    expect(res.text).to.include('Communiqués de presse');
    expect(res.text).to.include('La saison du crabe arrive dans tous les Harborline');
    expect(res.headers['x-missing-translations']).to.equal(undefined);
    const section = await request(t.app).get('/fr/press/').set('Host', CA).expect(200);
    expect(section.text).to.include('Fichier .pdf, ');
    expect(section.headers['x-missing-translations']).to.equal(undefined);
    // The French release translates the English Canadian one (language alternates).
    const release = await request(t.app).get('/fr/press/crab-season/').set('Host', CA).expect(200);
    expect(release.text).to.match(/rel="alternate" hrefLang="en[^"]*" href="[^"]*\/press\/crab-season\/"/);
  });

  it('lists every release in the sitemap with its lastmod', async () => {
    const res = await request(t.app).get('/sitemap.xml').expect(200);
    expect(res.text).to.match(
      /<loc>http:\/\/localhost:3000\/press\/lobster-rolls\/<\/loc>\n\s*<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/,
    );
    expect(res.text).to.include('<loc>http://localhost:3000/press/releases/</loc>');
  });

  it('serves a media download with its type, nosniff, Content-Disposition and byte ranges', async () => {
    const pdf = await t.db
      .selectFrom('documents')
      .selectAll()
      .where('mimetype', '=', 'application/pdf')
      .executeTakeFirstOrThrow();
    const url = `/documents/${pdf.id}/${pdf.file_name}`;
    const whole = await request(t.app).get(url).buffer(true).expect(200);
    expect(whole.headers['content-type']).to.equal('application/pdf');
    expect(whole.headers['x-content-type-options']).to.equal('nosniff');
    expect(whole.headers['content-disposition']).to.equal(
      `inline; filename="${pdf.file_name}"; filename*=UTF-8''${pdf.file_name}`,
    );
    expect(Number(whole.headers['content-length'])).to.equal(pdf.file_size);
    const part = await request(t.app)
      .get(url)
      .set('Range', 'bytes=0-7')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(206);
    expect((part.body as Buffer).toString('latin1')).to.equal('%PDF-1.4');
    expect(part.headers['content-range']).to.equal(`bytes 0-7/${pdf.file_size}`);
    await request(t.app).get(url).set('Range', `bytes=${pdf.file_size}-`).expect(416);
    await request(t.app).get(`/documents/${pdf.id}/other-name.pdf`).expect(404);
    await request(t.app).get(`/documents/abc/${pdf.file_name}`).expect(404);
    const zip = await t.db
      .selectFrom('documents')
      .selectAll()
      .where('mimetype', '=', 'application/zip')
      .executeTakeFirstOrThrow();
    const zipRes = await request(t.app).get(`/documents/${zip.id}/${zip.file_name}`).expect(200);
    expect(zipRes.headers['content-disposition']).to.match(/^attachment; /);
  });

  it('renders the section without a tile whose document was deleted', async () => {
    const zip = await t.db
      .selectFrom('documents')
      .selectAll()
      .where('mimetype', '=', 'application/zip')
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom('documents').where('id', '=', zip.id).execute();
    const res = await request(t.app).get('/press/').expect(200);
    expect(res.text).to.not.include('.zip File, ');
    expect(res.text).to.include('.pdf File, ');
  });

  it('answers 404 on the list page when it has no releases past page 1, and page 1 stays 200', async () => {
    await deletePages(t.db, 'PressReleasePage');
    await request(t.app).get('/press/releases/').expect(200);
    await request(t.app).get('/press/releases/?page=2').expect(404);
  });
});
