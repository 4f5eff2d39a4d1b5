import ExcelJS from 'exceljs';
import { expect } from 'chai';
import request from 'supertest';
import type { TestApp } from '../helpers/app';
import { useTestApp, type SignedInAgent } from '../helpers/app-suite';
import { csrfTokenIn } from '../helpers/admin';
import { solvedCaptcha } from '../helpers/captcha';

/** The accessibility report page when no external feedback service is configured (issue 29). */
describe('accessibility report page (no external service)', function () {
  this.timeout(120_000);
  let t: TestApp;
  let admin: SignedInAgent;
  useTestApp({ seed: true, signIn: true }, (suite) => ({ t, agent: admin } = suite));
  beforeEach(async () => {
    await t.db.deleteFrom('rate_limits').execute();
    await t.db.deleteFrom('accessibility_reports').execute();
  });

  const PAGE = 'http://localhost:3000/about-us/';

  async function reportAgent(path = '/accessibility-report/', host = 'localhost:3000') {
    const agent = request.agent(t.app);
    const page = await agent.get(path).set('Host', host).expect(200);
    return { agent, token: csrfTokenIn(page.text), page };
  }

  it("links from every page's footer to the report page, with the page address and no page content", async () => {
    const home = await request(t.app).get('/').set('Host', 'localhost:3000').expect(200);
    const form = /<form class="a11y-report"[^>]*>[\s\S]*?<\/form>/.exec(home.text)?.[0] ?? '';
    expect(form).to.include('method="get"').and.to.include('action="/accessibility-report/"');
    expect(form).to.include('name="page_url" value="http://localhost:3000/"');
    expect(form).not.to.include('name="dom"').and.not.to.include('target=');
    const fr = await request(t.app).get('/fr/').set('Host', 'ca.localhost:3000').expect(200);
    const frForm = /<form class="a11y-report"[^>]*>/.exec(fr.text)?.[0] ?? '';
    expect(frForm).to.include('method="get"').and.to.include('action="/fr/accessibility-report/"');
  });

  it('renders the form in English and French, never cached, with the address from the link', async () => {
    const en = await request(t.app)
      .get(`/accessibility-report/?page_url=${encodeURIComponent(PAGE)}&screen_width=390&screen_height=844`)
      .set('Host', 'localhost:3000')
      .expect(200);
    expect(en.headers['cache-control']).to.include('no-store');
    expect(en.text)
      .to.include('<h1>Report a website accessibility issue</h1>')
      .and.to.include('Describe the problem')
      .and.to.include(`value="${PAGE}"`);
    expect(en.text).to.include('name="screen_width" value="390"').and.to.include('altcha');
    csrfTokenIn(en.text);
    const fr = await request(t.app).get('/fr/accessibility-report/').set('Host', 'ca.localhost:3000').expect(200);
    expect(fr.text)
      .to.include('<h1>Signaler un problème d&#x27;accessibilité du site</h1>')
      .and.to.include('Décrivez le problème')
      .and.to.include('lang="fr');
  });

  it('stores a report and thanks the guest once (post/redirect/get)', async () => {
    const { agent, token } = await reportAgent();
    const sent = await agent
      .post('/accessibility-report/')
      .set('Host', 'localhost:3000')
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        description: 'The menu button cannot be reached\r\nwith the keyboard.',
        email: 'Guest@Example.com',
        page_url: PAGE,
        screen_width: '390',
        screen_height: '844',
        captcha: await solvedCaptcha(agent),
      })
      .expect(303);
    expect(sent.headers.location).to.equal('/accessibility-report/');
    const thanks = await agent.get('/accessibility-report/').set('Host', 'localhost:3000').expect(200);
    expect(thanks.text).to.include('Thank you for your report');
    const again = await agent.get('/accessibility-report/').set('Host', 'localhost:3000').expect(200);
    expect(again.text).not.to.include('Thank you for your report');
    const rows = await t.db.selectFrom('accessibility_reports').selectAll().execute();
    expect(rows).to.have.length(1);
    expect(rows[0]).to.include({
      description: 'The menu button cannot be reached\nwith the keyboard.',
      email: 'guest@example.com',
      page_url: PAGE,
      screen_width: 390,
      screen_height: 844,
      language_code: 'en-US',
    });
  });

  it('refuses bad input with a 400 that keeps every value, and stores nothing', async () => {
    const { agent, token } = await reportAgent();
    const res = await agent
      .post('/accessibility-report/')
      .set('Host', 'localhost:3000')
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        description: 'x'.repeat(2001),
        email: 'not-an-address',
        page_url: 'javascript:alert(1)',
        captcha: await solvedCaptcha(agent),
      })
      .expect(400);
    expect(res.text).to.include('Ensure this value has at most 2000 characters.');
    expect(res.text).to.include('Enter a valid email address.').and.to.include('value="not-an-address"');
    expect(res.text).to.include('value="javascript:alert(1)"').and.to.include('x'.repeat(2001));
    const empty = await agent
      .post('/accessibility-report/')
      .set('Host', 'localhost:3000')
      .type('form')
      .send({ csrfmiddlewaretoken: token, description: '  ', email: 'kept@example.com' })
      .expect(400);
    expect(empty.text).to.include('This field is required.').and.to.include('value="kept@example.com"');
    expect(await t.db.selectFrom('accessibility_reports').selectAll().execute()).to.have.length(0);
  });

  it('refuses a post without the CSRF token, and one whose captcha is missing keeps the input', async () => {
    const { agent, token } = await reportAgent();
    await agent
      .post('/accessibility-report/')
      .set('Host', 'localhost:3000')
      .type('form')
      .send({ description: 'No token.', page_url: PAGE })
      .expect(403);
    const noCaptcha = await agent
      .post('/accessibility-report/')
      .set('Host', 'localhost:3000')
      .type('form')
      .send({ csrfmiddlewaretoken: token, description: 'No captcha here.', page_url: PAGE })
      .expect(400);
    expect(noCaptcha.text).to.include('No captcha here.');
    expect(await t.db.selectFrom('accessibility_reports').selectAll().execute()).to.have.length(0);
  });

  it("answers 429 with Retry-After past the guest forms' limit, the report kept on the page", async () => {
    const { agent, token } = await reportAgent();
    const send = async (n: number) =>
      agent
        .post('/accessibility-report/')
        .set('Host', 'localhost:3000')
        .type('form')
        .send({
          csrfmiddlewaretoken: token,
          description: `Report ${n}`,
          page_url: PAGE,
          captcha: await solvedCaptcha(agent),
        });
    for (let n = 0; n < 10; n += 1) expect((await send(n)).status).to.equal(303);
    const limited = await send(10);
    expect(limited.status).to.equal(429);
    expect(Number(limited.headers['retry-after'])).to.be.greaterThan(0);
    expect(limited.text).to.include('Report 10');
    expect(await t.db.selectFrom('accessibility_reports').selectAll().execute()).to.have.length(10);
  });

  it('lists the reports in the back office, as text, and exports them', async () => {
    const site = await t.db.selectFrom('sites').select('id').orderBy('id').executeTakeFirstOrThrow();
    await t.db
      .insertInto('accessibility_reports')
      .values({
        site_id: site.id,
        language_code: 'fr-CA',
        description: '<script>alert(1)</script> contrast too low',
        email: 'a@example.com',
        page_url: PAGE,
        screen_width: 1280,
        screen_height: 800,
        user_agent: '',
      })
      .execute();
    const forms = await admin.get('/wagtail/forms/').expect(200);
    expect(forms.text).to.include('href="/wagtail/forms/accessibility-reports/"');
    const list = await admin.get('/wagtail/forms/accessibility-reports/').expect(200);
    expect(list.text)
      .to.include('&lt;script&gt;alert(1)&lt;/script&gt; contrast too low')
      .and.not.to.include('<script>alert(1)');
    expect(list.text).to.include('1280×800').and.to.include('1 report');
    const csv = await admin.get('/wagtail/forms/accessibility-reports/?export=csv').expect(200);
    expect(csv.text).to.include('contrast too low').and.to.include(PAGE);
    const xlsx = await admin
      .get('/wagtail/forms/accessibility-reports/?export=xlsx')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(2).getCell(3).text).to.include('contrast too low');
    await admin.get('/wagtail/forms/accessibility-reports/?date_from=2001-02-30').expect(400);
  });
});
