import { deflateRawSync } from 'node:zlib';
import { expect } from 'chai';
import ExcelJS from 'exceljs';
import { createRedirect } from '../../server/modules/redirects/service';
import { hashPassword } from '../../server/modules/users/passwords';
import { insertUser } from '../../server/modules/users/repo';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';

/** A zip archive written by hand, so a test can declare sizes that lie (a zip bomb in disguise). */
function zipOf(entries: Array<{ name: string; data: Buffer; declaredSize?: number }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const compressed = deflateRawSync(entry.data);
    const name = Buffer.from(entry.name);
    const size = entry.declaredSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += 30 + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

async function xlsxOf(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Redirects');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('redirects import: preview, confirm, and every bad file', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInAgent>>;
  let token: string;
  let menuPageId: number;
  const count = async () =>
    Number(
      (
        await t.db
          .selectFrom('redirects')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const upload = (name: string, bytes: Buffer | string, fields: Record<string, string> = {}) => {
    let req = admin
      .post('/wagtail/redirects/import/')
      .set('X-CSRFToken', token)
      .field('site', fields.site ?? '')
      .field('is_permanent', fields.is_permanent ?? 'permanent');
    req = req.attach('import_file', Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes), name);
    return req;
  };
  const previewToken = (html: string) => /name="token" value="([^"]+)"/.exec(html)?.[1];
  const expectRefused = async (name: string, bytes: Buffer | string, message: string) => {
    const before = await count();
    const res = await upload(name, bytes).expect(400);
    expect(res.text).to.include('The file could not be imported.');
    expect(res.text).to.include(message);
    expect(previewToken(res.text)).to.equal(undefined);
    expect(await count()).to.equal(before);
    const held = await t.db.selectFrom('redirect_imports').select('token').execute();
    return held.length;
  };

  before(async function () {
    this.timeout(180_000); // migrating and seeding the whole demo is slow on a busy machine
    t = await createTestApp();
    admin = await signedInAgent(t.app);
    token = csrfTokenIn((await admin.get('/wagtail/redirects/import/').expect(200)).text);
    menuPageId = (
      await t.db.selectFrom('pages').select('id').where('url_path', 'like', '%/about/').executeTakeFirstOrThrow()
    ).id;
    await createRedirect(t.db, {
      oldPath: '/already-there/',
      siteId: null,
      page: '',
      link: 'https://example.com/',
      isPermanent: true,
      matchQueryString: false,
    });
    await createRedirect(t.db, {
      oldPath: '/redirected/',
      siteId: null,
      page: '',
      link: 'https://example.com/elsewhere',
      isPermanent: true,
      matchQueryString: false,
    });
  });
  after(async () => t.close());

  it('previews each row accepted or rejected with its reason, writes nothing until confirmed, then writes the accepted rows', async () => {
    const csv = [
      'from,to,type',
      '/Good-One,https://example.com/one,302',
      `/good-two/,${menuPageId}`,
      '/good-three/,/about/',
      '/a/../b,https://example.com/x',
      '/loop/,/loop/',
      '/already-there/,https://example.com/dup',
      '/good-one/,https://example.com/again',
      '/missing-page/,999999',
      '/missing-path/,/no-such-page/',
      '/chain/,/redirected/',
      '/bad-type/,https://example.com/,sometimes',
      '/empty-target/,',
    ].join('\n');
    const before = await count();
    const res = await upload('redirects.csv', csv).expect(200);
    expect(res.text).to.include('3 rows will be imported; 9 rows are rejected. Nothing has been saved yet.');
    for (const reason of [
      'Bad path: The path must not contain',
      'Loop: the target is the old path itself.',
      'Duplicate: a redirect from /already-there/ already exists.',
      'Duplicate of row 2.',
      'Target missing: there is no live page with id 999999.',
      'Target missing: no live page answers /no-such-page/.',
      'Loop or chain: /redirected/ already redirects; point at its final address.',
      'Bad type: use 301, 302, permanent or temporary.',
      'Target missing: the &quot;to&quot; cell is empty.',
    ]) {
      expect(res.text).to.include(reason);
    }
    expect(await count()).to.equal(before);
    const preview = previewToken(res.text)!;

    // Someone else cannot confirm it.
    const other = await createTestUserAgent(t);
    await other.agent
      .post('/wagtail/redirects/import/process/')
      .type('form')
      .send({ csrfmiddlewaretoken: other.token, token: preview })
      .expect(410);

    const done = await admin
      .post('/wagtail/redirects/import/process/')
      .type('form')
      .send({ csrfmiddlewaretoken: token, token: preview })
      .expect(303);
    expect(done.headers.location).to.equal('/wagtail/redirects/');
    expect(await count()).to.equal(before + 3);
    const list = await admin.get('/wagtail/redirects/').expect(200);
    expect(list.text).to.include('3 redirects imported from redirects.csv.');
    const one = await t.db
      .selectFrom('redirects')
      .selectAll()
      .where('old_path', '=', '/good-one/')
      .executeTakeFirstOrThrow();
    expect(one).to.deep.include({ is_permanent: false, redirect_link: 'https://example.com/one', site_id: null });
    const three = await t.db
      .selectFrom('redirects')
      .selectAll()
      .where('old_path', '=', '/good-three/')
      .executeTakeFirstOrThrow();
    expect(three.redirect_page_id).to.equal(menuPageId);
    const logged = await t.db
      .selectFrom('model_log_entries')
      .select('data')
      .where('object_id', '=', String(one.id))
      .executeTakeFirstOrThrow();
    expect(logged.data).to.deep.equal({ source: 'import', file: 'redirects.csv' });
    // A token is used once.
    await admin
      .post('/wagtail/redirects/import/process/')
      .type('form')
      .send({ csrfmiddlewaretoken: token, token: preview })
      .expect(410);
  });

  it('reads UTF-16 (with and without a byte order mark), a UTF-8 byte order mark, CRLF and TSV', async () => {
    const text = 'from\tto\r\n/utf16-café/\thttps://example.com/cafe\r\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const leRes = await upload('redirects.tsv', le).expect(200);
    expect(leRes.text).to.include('1 row will be imported').and.to.include('/utf16-café/');
    const noBom = await upload('redirects.csv', Buffer.from(text.replace(/\t/g, ','), 'utf16le')).expect(200);
    expect(noBom.text).to.include('1 row will be imported');
    const bomCrLf = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('From,To\r\n/bom-crlf/,https://example.com/b\r\n\r\n'),
    ]);
    const bomRes = await upload('redirects.csv', bomCrLf).expect(200);
    expect(bomRes.text).to.include('1 row will be imported').and.to.include('/bom-crlf/');
  });

  it('imports an XLSX spreadsheet', async () => {
    const file = await xlsxOf([
      ['From', 'To', 'Site'],
      ['/xlsx-one/', 'https://example.com/x1', 'ca.localhost'],
      ['/xlsx-two/', 'https://example.com/x2', 'nowhere.example'],
    ]);
    const res = await upload('redirects.xlsx', file).expect(200);
    expect(res.text)
      .to.include('1 row will be imported; 1 row is rejected')
      .and.to.include('Unknown site: nowhere.example.');
  });

  it('refuses bad files with a clear message and writes nothing', async () => {
    await expectRefused('redirects.csv', '', 'The file is empty.');
    await expectRefused(
      'redirects.csv',
      'from,to\n"/unclosed/,https://example.com/\n',
      'The file could not be read as CSV',
    );
    await expectRefused(
      'redirects.csv',
      'old,new\n/a/,/b/\n',
      'The first row must name the columns: &quot;from&quot; and &quot;to&quot;',
    );
    await expectRefused(
      'redirects.csv',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      'This file is a PNG image, not a CSV, TSV or XLSX file.',
    );
    await expectRefused('redirects.pdf', 'from,to\n/a/,https://example.com/\n', 'Choose a CSV, TSV or XLSX file.');
    await expectRefused(
      'redirects.csv',
      Buffer.from('from,to\n/caf\xe9/,https://example.com/\n', 'latin1'),
      'The file is not UTF-8 text.',
    );
    const good = await xlsxOf([
      ['from', 'to'],
      ['/t/', 'https://example.com/'],
    ]);
    await expectRefused(
      'redirects.xlsx',
      good.subarray(0, Math.floor(good.length / 2)),
      'This .xlsx file is damaged or truncated',
    );
    await expectRefused('redirects.xlsx', 'from,to\n', 'This .xlsx file is not a valid spreadsheet');
  });

  it('refuses a zip bomb before parsing it, whether it declares its size or lies about it', async () => {
    const zeros = Buffer.alloc(60 * 1024 * 1024);
    const honest = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: zeros }]);
    expect(honest.length).to.be.below(200 * 1024);
    await expectRefused('redirects.xlsx', honest, 'expands to more than 50 MB when unpacked');
    const lying = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: zeros, declaredSize: 1000 }]);
    await expectRefused('redirects.xlsx', lying, 'expands to more than 50 MB when unpacked');
  });

  it('refuses more than 10,000 rows, accepts 10,000, and refuses files over 5 MB', async () => {
    const rows = (n: number) =>
      ['from,to', ...Array.from({ length: n }, (_, i) => `/bulk-${i}/,https://example.com/${i}`)].join('\n');
    await expectRefused('redirects.csv', rows(10_001), 'The file has more than 10,000 rows.');
    const res = await upload('redirects.csv', rows(10_000)).expect(200);
    expect(res.text).to.include('10000 rows will be imported; 0 rows are rejected.');
    // Refused while it streams, at 5 MB and a byte (the file is held in memory, so no more is read).
    const before = await count();
    const over = await upload('redirects.csv', `from,to\n${'x'.repeat(6 * 1024 * 1024)}\n`).expect(413);
    expect(over.text).to.include('The file is larger than 5 MB. Nothing was imported.');
    expect(await count()).to.equal(before);
    const huge = await upload('redirects.csv', Buffer.alloc(11 * 1024 * 1024, 0x61)).expect(413);
    expect(huge.text).to.include('The file is larger than 5 MB. Nothing was imported.');
  });

  it('asks for a file when none is sent', async () => {
    const res = await admin
      .post('/wagtail/redirects/import/')
      .set('X-CSRFToken', token)
      .field('site', '')
      .field('is_permanent', 'permanent')
      .expect(400);
    expect(res.text).to.include('Choose a file to import.');
  });
});

/** A second superuser with their own session: previews are per user. */
async function createTestUserAgent(t: TestApp) {
  await insertUser(t.db, {
    username: 'second-admin',
    email: 'second@example.com',
    password_hash: await hashPassword('second-admin-password'),
    is_superuser: true,
  });
  const agent = await signedInAgent(t.app, { username: 'second-admin', password: 'second-admin-password' });
  return { agent, token: csrfTokenIn((await agent.get('/wagtail/redirects/import/').expect(200)).text) };
}
