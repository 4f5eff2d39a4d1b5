import { expect } from 'chai';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { createPage } from '../../server/modules/pages/service';
import {
  insertGroup,
  replaceGroupModelPermissions,
  replaceUserGroups,
} from '../../server/modules/permissions/groups-repo';
import { createRedirect } from '../../server/modules/redirects/service';
import { hashPassword } from '../../server/modules/users/passwords';
import { insertUser } from '../../server/modules/users/repo';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';
import { parseCsv } from '../helpers/csv';

/**
 * The admin viewset's behaviours, through the redirects area (a real model declared with it):
 * search, filters, sorting, stable pagination, CSV and XLSX export, validation, stale forms,
 * delete and bulk delete, history and permissions per group.
 */
const binary = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

const ids = (html: string) => [...html.matchAll(/name="id" value="(\d+)"/g)].map((m) => Number(m[1]));
const paths = (html: string) =>
  [...html.matchAll(/<td><a href="\/wagtail\/redirects\/\d+\/">([^<]*)<\/a><\/td>/g)].map((m) => m[1]!);

describe('admin viewset (redirects area)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInAgent>>;
  let token: string;
  let homeId: number;
  let caSiteId: number;

  before(async function () {
    this.timeout(180_000); // migrating and seeding the whole demo is slow on a busy machine
    t = await createTestApp();
    admin = await signedInAgent(t.app);
    token = csrfTokenIn((await admin.get('/wagtail/redirects/').expect(200)).text);
    homeId = (
      await t.db
        .selectFrom('sites')
        .select('root_page_id')
        .where('is_default_site', '=', true)
        .executeTakeFirstOrThrow()
    ).root_page_id;
    caSiteId = (
      await t.db.selectFrom('sites').select('id').where('hostname', '=', 'ca.localhost').executeTakeFirstOrThrow()
    ).id;
    // 120 redirects: every third temporary, the Canadian site for every fifth.
    for (let i = 1; i <= 120; i++) {
      const n = String(i).padStart(3, '0');
      await createRedirect(t.db, {
        oldPath: `/list-${n}/`,
        siteId: i % 5 === 0 ? caSiteId : null,
        page: '',
        link: `https://example.com/${i % 7 === 0 ? 'lobster' : 'crab'}-${n}`,
        isPermanent: i % 3 !== 0,
        matchQueryString: false,
      });
    }
  });
  after(async () => t.close());

  it('lists 50 a page in a stable order: sorting by a column with ties never repeats or skips a row', async () => {
    const seen: number[] = [];
    for (const p of [1, 2, 3]) {
      const res = await admin.get(`/wagtail/redirects/?ordering=is_permanent&q=list-&p=${p}`).expect(200);
      seen.push(...ids(res.text));
    }
    expect(seen).to.have.length(120);
    expect(new Set(seen).size).to.equal(120);
    const first = await admin.get('/wagtail/redirects/?q=list-').expect(200);
    expect(first.text).to.include('120 redirects').and.to.include('Page 1 of 3');
    expect(first.text).to.include('href="/wagtail/redirects/?q=list-&amp;p=2"');
  });

  it('searches every word, filters by declared choices, sorts both ways, and refuses unknown sorts and filter values', async () => {
    const lobster = await admin.get('/wagtail/redirects/?q=lobster').expect(200);
    expect(lobster.text).to.include('17 redirects');
    const both = await admin.get('/wagtail/redirects/?q=lobster+list-014').expect(200);
    expect(paths(both.text)).to.deep.equal(['/list-014/']);
    const canada = await admin.get(`/wagtail/redirects/?q=list-&site=${caSiteId}`).expect(200);
    expect(canada.text).to.include('24 redirects');
    const temporary = await admin.get('/wagtail/redirects/?q=list-&is_permanent=temporary').expect(200);
    expect(temporary.text).to.include('40 redirects');
    const descending = await admin.get('/wagtail/redirects/?q=list-&ordering=-old_path').expect(200);
    expect(paths(descending.text).slice(0, 2)).to.deep.equal(['/list-120/', '/list-119/']);
    expect(descending.text).to.include('aria-sort="descending"');
    const badSort = await admin.get('/wagtail/redirects/?ordering=password').expect(400);
    expect(badSort.text).to.include('cannot be sorted by');
    await admin.get('/wagtail/redirects/?site=999').expect(400);
    await admin.get('/wagtail/redirects/?p=0').expect(400);
  });

  it('exports the current filtered list as CSV with formula-leading cells escaped', async () => {
    for (const [i, title] of ['=HYPERLINK("http://evil.example")', '+1+2', '-3', '@SUM(A1)', 'Plain title'].entries()) {
      const page = await createPage(t.db, {
        parentId: homeId,
        pageType: 'ExamplePage',
        title,
        slug: `formula-${i}`,
        content: { body: [] },
        publish: true,
      });
      await createRedirect(t.db, {
        oldPath: `/old-formula-${i}/`,
        siteId: null,
        page: String(page.id),
        link: '',
        isPermanent: true,
        matchQueryString: false,
      });
    }
    const res = await admin.get('/wagtail/redirects/?q=formula&export=csv').expect(200);
    expect(res.headers['content-type']).to.match(/^text\/csv/);
    expect(res.headers['content-disposition']).to.match(/attachment; filename="redirects-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.headers['cache-control']).to.equal('no-store, private');
    const lines = parseCsv(res.text);
    expect(lines[0]).to.deep.equal(['From', 'Site', 'To', 'Type', 'Origin', 'Updated']);
    expect(lines).to.have.length(6);
    const targets = lines.slice(1).map((cells) => cells[2]!);
    expect(targets.some((cell) => cell.startsWith(`'=HYPERLINK("http://evil.example") (page `))).to.equal(true);
    // No cell starts with a character a spreadsheet runs as a formula.
    for (const cells of lines.slice(1)) for (const cell of cells) expect(cell).not.to.match(/^[=+\-@\t\r]/);
    for (const start of ["'+1+2 (page ", "'-3 (page ", "'@SUM(A1) (page ", 'Plain title (page '])
      expect(
        targets.some((cell) => cell.startsWith(start)),
        start,
      ).to.equal(true);
  });

  it('exports XLSX that exceljs opens, with text cells (never formulas) and the filtered rows only', async () => {
    const res = await admin.get('/wagtail/redirects/?q=formula&export=xlsx').buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).to.include('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).to.deep.equal([undefined, 'From', 'Site', 'To', 'Type', 'Origin', 'Updated']);
    expect(sheet.actualRowCount).to.equal(6);
    const targets: ExcelJS.Cell[] = [];
    sheet.eachRow((row, line) => line > 1 && targets.push(row.getCell(3)));
    const formula = targets.find((cell) => String(cell.value).startsWith("'=HYPERLINK"))!;
    expect(formula.type).to.equal(ExcelJS.ValueType.String);
    expect(targets.some((cell) => String(cell.value).startsWith('='))).to.equal(false);
  });

  it('validates on the server: the first error per field, a non-field group, and the input kept', async () => {
    const res = await admin
      .post('/wagtail/redirects/add/')
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        old_path: '/a/../b',
        site: '999999',
        redirect_page: '',
        redirect_link: 'javascript:alert(1)',
        is_permanent: 'sometimes',
      })
      .expect(400);
    expect(res.text).to.include('could not be saved');
    expect(res.text).to.include(
      'id="id_old_path-error">The path must not contain &#x27;.&#x27; or &#x27;..&#x27; segments.',
    );
    expect(res.text).to.include('id="id_redirect_link-error">Enter a web address starting with http:// or https://');
    expect(res.text).to.include('id="id_is_permanent-error">Select a valid choice.');
    expect(res.text).to.include('value="/a/../b"').and.to.include('value="javascript:alert(1)"');
    // A rule the service checks (the site exists) comes back on its field too.
    const site = await admin
      .post('/wagtail/redirects/add/')
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        old_path: '/valid/',
        site: '999999',
        redirect_page: '',
        redirect_link: 'https://example.com/',
        is_permanent: 'permanent',
      })
      .expect(400);
    expect(site.text).to.include('id="id_site-error">Select a valid choice. That site does not exist.');
  });

  it('refuses a stale edit form with 409 naming who saved meanwhile, keeps the input, then saves knowingly', async () => {
    const row = await createRedirect(t.db, {
      oldPath: '/stale/',
      siteId: null,
      page: '',
      link: 'https://example.com/one',
      isPermanent: true,
      matchQueryString: false,
    });
    const form = await admin.get(`/wagtail/redirects/${row.id}/`).expect(200);
    expect(form.text).to.include('name="version" value="1"');
    const fields = {
      csrfmiddlewaretoken: token,
      old_path: '/stale/',
      site: '',
      redirect_page: '',
      is_permanent: 'permanent',
    };
    await admin
      .post(`/wagtail/redirects/${row.id}/`)
      .type('form')
      .send({ ...fields, redirect_link: 'https://example.com/two', version: '1' })
      .expect(303);
    const stale = await admin
      .post(`/wagtail/redirects/${row.id}/`)
      .type('form')
      .send({ ...fields, redirect_link: 'https://example.com/mine', version: '1' })
      .expect(409);
    expect(stale.text).to.match(
      /This redirect was changed by Site Administrator at [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M UTC after you opened it/,
    );
    expect(stale.text).to.include('value="https://example.com/mine"').and.to.include('name="version" value="2"');
    const stored = await t.db
      .selectFrom('redirects')
      .select(['redirect_link', 'version'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(stored).to.deep.equal({ redirect_link: 'https://example.com/two', version: 2 });
    await admin
      .post(`/wagtail/redirects/${row.id}/`)
      .type('form')
      .send({ ...fields, redirect_link: 'https://example.com/mine', version: '2' })
      .expect(303);
    const history = await admin.get(`/wagtail/redirects/history/${row.id}/`).expect(200);
    expect(history.text).to.include('Site Administrator');
    expect([...history.text.matchAll(/Edited \(redirect to any url\)/g)]).to.have.length(2);
  });

  it('bulk deletes after a confirmation screen and logs each deletion in the history', async () => {
    const a = await createRedirect(t.db, {
      oldPath: '/bulk-a/',
      siteId: null,
      page: '',
      link: 'https://example.com/a',
      isPermanent: true,
      matchQueryString: false,
    });
    const b = await createRedirect(t.db, {
      oldPath: '/bulk-b/',
      siteId: null,
      page: '',
      link: 'https://example.com/b',
      isPermanent: true,
      matchQueryString: false,
    });
    const confirm = await admin
      .get(`/wagtail/bulk/wagtailredirects/redirect/delete/?id=${a.id}&id=${b.id}&next=/wagtail/redirects/%3Fq%3Dbulk`)
      .expect(200);
    expect(confirm.text).to.include('Delete 2 redirects').and.to.include('/bulk-a/').and.to.include('/bulk-b/');
    expect(await t.db.selectFrom('redirects').select('id').where('id', 'in', [a.id, b.id]).execute()).to.have.length(2);
    const done = await admin
      .post('/wagtail/bulk/wagtailredirects/redirect/delete/')
      .type('form')
      .send({ csrfmiddlewaretoken: token, id: [String(a.id), String(b.id)], next: '/wagtail/redirects/?q=bulk' })
      .expect(303);
    expect(done.headers.location).to.equal('/wagtail/redirects/?q=bulk');
    expect(await t.db.selectFrom('redirects').select('id').where('id', 'in', [a.id, b.id]).execute()).to.have.length(0);
    const logged = await t.db
      .selectFrom('model_log_entries')
      .select(['object_id', 'action'])
      .where('model', '=', 'wagtailredirects.redirect')
      .where('action', '=', 'delete')
      .execute();
    expect(logged.map((e) => Number(e.object_id))).to.include.members([a.id, b.id]);
    // Nothing selected, or an id that is not a number: a 400 in words, never a 500.
    await admin.get('/wagtail/bulk/wagtailredirects/redirect/delete/').expect(400);
    await admin.get('/wagtail/bulk/wagtailredirects/redirect/delete/?id=abc').expect(400);
  });

  it('checks each action against the group’s model permissions, shows the menu entry, and the group screen assigns them', async () => {
    const group = await insertGroup(t.db, { name: 'Redirect changers', can_access_admin: true });
    await replaceGroupModelPermissions(t.db, group.id, [{ model: 'wagtailredirects.redirect', action: 'change' }]);
    const user = await insertUser(t.db, {
      username: 'changer',
      email: 'changer@example.com',
      password_hash: await hashPassword('changer-password-1'),
      is_superuser: false,
    });
    await replaceUserGroups(t.db, user.id, [group.id]);
    const changer = await signedInAgent(t.app, { username: 'changer', password: 'changer-password-1' });
    const list = await changer.get('/wagtail/redirects/').expect(200);
    expect(list.text)
      .to.include('href="/wagtail/redirects/"')
      .and.not.to.include('Add redirect')
      .and.not.to.include('Delete selected');
    expect(list.text).not.to.include('href="/wagtail/collections/"');
    const id = ids((await admin.get('/wagtail/redirects/?q=list-001').expect(200)).text)[0]!;
    await changer.get(`/wagtail/redirects/${id}/`).expect(200);
    await changer.get('/wagtail/redirects/add/').expect(403);
    await changer.get(`/wagtail/redirects/delete/${id}/`).expect(403);

    // The superuser grants delete on the group screen; the permission takes effect at once.
    const screen = await admin.get(`/wagtail/groups/${group.id}/`).expect(200);
    const ticked = (html: string) =>
      [...html.matchAll(/<input[^>]*>/g)]
        .map((m) => m[0])
        .filter((input) => input.includes('name="model_wagtailredirects.redirect"') && input.includes('checked'));
    expect(ticked(screen.text).map((input) => /value="(\w+)"/.exec(input)![1])).to.deep.equal(['change']);
    await admin
      .post(`/wagtail/groups/${group.id}/`)
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        name: 'Redirect changers',
        can_access_admin: 'on',
        'model_wagtailredirects.redirect': ['change', 'delete'],
      })
      .expect(303);
    await changer.get(`/wagtail/redirects/delete/${id}/`).expect(200);
    // A permission a model does not have is refused in words, nothing saved.
    const bad = await admin
      .post(`/wagtail/groups/${group.id}/`)
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        name: 'Redirect changers',
        can_access_admin: 'on',
        'model_wagtailredirects.redirect': ['publish'],
      })
      .expect(400);
    expect(bad.text).to.include('A ticked box is not a permission this kind of object has.');
    const kept = await t.db
      .selectFrom('group_model_permissions')
      .select('action')
      .where('group_id', '=', group.id)
      .orderBy('action')
      .execute();
    expect(kept.map((k) => k.action)).to.deep.equal(['change', 'delete']);
  });

  it('sends anonymous visitors to the login with the list as next', async () => {
    const res = await request(t.app).get('/wagtail/redirects/?q=x').expect(302);
    expect(res.headers.location).to.equal(`/wagtail/login/?next=${encodeURIComponent('/wagtail/redirects/?q=x')}`);
  });
});
