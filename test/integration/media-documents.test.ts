import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import request from 'supertest';
import { createTestApp, type TestApp } from '../helpers/app';
import { useTestApp, type SignedInAgent } from '../helpers/app-suite';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import { jpeg, polyglotJpeg, tinyPdf, tinyZip } from '../helpers/media-files';
import { openMediaStorage } from '../../server/storage/open-media-storage';
import { sanitiseFileName } from '../../server/media/file-names';

describe('documents: upload, serve, replace, delete and the admin API', () => {
  let t: TestApp;
  let agent: SignedInAgent;
  let token: string;
  useTestApp({ signIn: true }, (suite) => ({ t, agent, token } = suite));

  const upload = (files: Array<{ data: Buffer; name: string }>, fields: Record<string, string> = {}, json = false) => {
    let req = agent.post('/wagtail/documents/multiple/add/').set('X-CSRFToken', token);
    if (json) req = req.set('Accept', 'application/json');
    for (const [key, value] of Object.entries(fields)) req = req.field(key, value);
    for (const file of files) req = req.attach('file', file.data, file.name);
    return req;
  };
  const storage = () => openMediaStorage(t.config.media);
  const newest = () => t.db.selectFrom('documents').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('shows the upload form, which works without JavaScript for several files at once', async () => {
    const form = await agent.get('/wagtail/documents/multiple/add/').expect(200);
    expect(form.text).to.match(/enctype="multipart\/form-data"/i);
    expect(form.text).to.include('name="file"');
    const res = await upload([
      { data: tinyPdf(), name: 'Annual Report 2026.pdf' },
      { data: tinyZip(), name: 'logos.zip' },
    ]).expect(200);
    expect(res.text).to.include('Added 2 documents');
    const rows = await t.db.selectFrom('documents').selectAll().orderBy('id', 'desc').limit(2).execute();
    expect(rows.map((r) => r.mimetype).sort()).to.deep.equal(['application/pdf', 'application/zip']);
    expect(rows.map((r) => r.title).sort()).to.deep.equal(['Annual Report 2026', 'logos']);
    const list = await agent.get('/wagtail/documents/?q=annual').expect(200);
    expect(list.text).to.include('Annual Report 2026');
  });

  it('answers the upload script with JSON, one file at a time, titled as given', async () => {
    const res = await upload([{ data: tinyPdf(), name: 'menu.pdf' }], { title: 'Fall Menu' }, true).expect(201);
    expect(res.body.uploaded[0].title).to.equal('Fall Menu');
    const row = await newest();
    const served = await request(t.app).get(`/documents/${row.id}/${row.file_name}`).expect(200);
    expect(served.headers['content-type']).to.equal('application/pdf');
    expect(served.headers['x-content-type-options']).to.equal('nosniff');
  });

  it('decides the type by the bytes: an HTML page named .pdf is refused, an image named .pdf is stored as .jpg', async () => {
    const before = await t.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const html = await upload(
      [{ data: Buffer.from('<html><script>alert(1)</script></html>'), name: 'report.pdf' }],
      {},
      true,
    ).expect(400);
    expect(html.body.error.message).to.include('not accepted');
    const exe = await upload([
      { data: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]), name: 'setup.exe' },
    ]).expect(400);
    expect(exe.text).to.include('setup.exe: This file type is not accepted.');
    const poly = await upload([{ data: await polyglotJpeg(), name: 'photo.jpg' }], {}, true).expect(400);
    expect(poly.body.error.message).to.include('markup');
    const after = await t.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).to.equal(Number(before.n));
    await upload([{ data: await jpeg(), name: 'photo.pdf' }], {}, true).expect(201);
    const row = await newest();
    expect(row.mimetype).to.equal('image/jpeg');
    expect(row.file_name).to.equal('photo.jpg');
  });

  it('sanitises file names and never lets two uploads of one name share a file', async () => {
    // Control characters cannot travel in a multipart header; the sanitiser drops them all the same.
    expect(sanitiseFileName('re\u0000port\u0007\u001b[31m.pdf', 'pdf')).to.equal('re-port-31m.pdf');
    const hostile = `..\\..\\etc/passwd quoted ${'x'.repeat(300)}.pdf`;
    const res = await upload([{ data: tinyPdf(), name: hostile }], {}, true);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const first = await newest();
    expect(first.file_name).to.match(/^[A-Za-z0-9._-]+\.pdf$/);
    expect(first.file_name.length).to.be.at.most(100);
    expect(first.file_name).to.not.include('..');
    await upload([{ data: tinyPdf(), name: 'same.pdf' }], {}, true).expect(201);
    await upload([{ data: tinyZip(), name: 'same.pdf' }], {}, true).expect(201);
    const [b, a] = await t.db.selectFrom('documents').selectAll().orderBy('id', 'desc').limit(2).execute();
    expect(a!.file).to.not.equal(b!.file);
    expect(b!.file_name).to.equal('same.zip');
    expect((await storage().read(a!.file))!.subarray(0, 5).toString()).to.equal('%PDF-');
  });

  it('answers Content-Disposition as an attachment for a ZIP and a 404 for a wrong name', async () => {
    const row = await t.db
      .selectFrom('documents')
      .selectAll()
      .where('mimetype', '=', 'application/zip')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const res = await request(t.app).get(`/documents/${row.id}/${row.file_name}`).expect(200);
    expect(res.headers['content-disposition']).to.equal(
      `attachment; filename="${row.file_name}"; filename*=UTF-8''${row.file_name}`,
    );
    await request(t.app).get(`/documents/${row.id}/..%2F..%2Fsecret.zip`).expect(404);
    await request(t.app).get('/documents/99999999/x.pdf').expect(404);
  });

  it('replaces a file keeping the id, removes the old file, and refuses a bad replacement', async () => {
    await upload([{ data: tinyPdf(), name: 'price-list.pdf' }], {}, true).expect(201);
    const row = await newest();
    const form = await agent.get(`/wagtail/documents/${row.id}/replace/`).expect(200);
    expect(form.text).to.include('Replace file');
    await agent
      .post(`/wagtail/documents/${row.id}/replace/`)
      .set('X-CSRFToken', token)
      .attach('file', tinyZip(), 'price-list.zip')
      .expect(303);
    const replaced = await t.db.selectFrom('documents').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(replaced.mimetype).to.equal('application/zip');
    expect(replaced.file_name).to.equal('price-list.zip');
    expect(await storage().exists(row.file)).to.equal(false);
    expect(await storage().exists(replaced.file)).to.equal(true);
    const bad = await agent
      .post(`/wagtail/documents/${row.id}/replace/`)
      .set('X-CSRFToken', token)
      .attach('file', Buffer.from('#!/bin/sh\nrm -rf /'), 'evil.pdf')
      .expect(400);
    expect(bad.text).to.include('not accepted');
    const kept = await t.db.selectFrom('documents').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(kept.file).to.equal(replaced.file);
  });

  it('edits the title and collection, and deletes a document with its file', async () => {
    await upload([{ data: tinyPdf(), name: 'to-delete.pdf' }], {}, true).expect(201);
    const row = await newest();
    const edit = await agent.get(`/wagtail/documents/${row.id}/`).expect(200);
    const version = /name="version" value="(\d+)"/.exec(edit.text)![1]!;
    await agent
      .post(`/wagtail/documents/${row.id}/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, title: 'Renamed', collection: String(row.collection_id), version })
      .expect(303);
    expect(
      (await t.db.selectFrom('documents').select('title').where('id', '=', row.id).executeTakeFirstOrThrow()).title,
    ).to.equal('Renamed');
    await agent
      .post(`/wagtail/documents/${row.id}/delete/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token })
      .expect(303);
    expect(await t.db.selectFrom('documents').select('id').where('id', '=', row.id).executeTakeFirst()).to.equal(
      undefined,
    );
    expect(await storage().exists(row.file)).to.equal(false);
  });

  it("gives the document chooser its collection filter's choices", async () => {
    const res = await agent.get('/wagtail/documents/chooser/').set('Accept', 'application/json').expect(200);
    expect(res.headers['cache-control']).to.equal('no-store, private');
    const root = await t.db
      .selectFrom('collections')
      .select(['id', 'name'])
      .where('depth', '=', 1)
      .executeTakeFirstOrThrow();
    expect(res.body.collections[0]).to.deep.equal({ value: String(root.id), label: root.name });
  });

  it('lists documents in the admin API (limit capped at 20), with detail and find', async () => {
    const list = await agent
      .get('/wagtail/api/main/documents/?limit=2&order=id')
      .set('Accept', 'application/json')
      .expect(200);
    expect(list.body.meta.total_count).to.be.greaterThan(3);
    expect(list.body.items).to.have.length(2);
    const first = list.body.items[0] as { id: number; meta: { detail_url: string; download_url: string } };
    expect(first.meta.detail_url).to.equal(`/wagtail/api/main/documents/${first.id}/`);
    expect(first.meta.download_url).to.match(new RegExp(`^/documents/${first.id}/`));
    await agent.get('/wagtail/api/main/documents/?limit=21').set('Accept', 'application/json').expect(400);
    await agent.get('/wagtail/api/main/documents/?limit=abc').set('Accept', 'application/json').expect(400);
    await agent.get('/wagtail/api/main/documents/?bogus=1').set('Accept', 'application/json').expect(400);
    const detail = await agent
      .get(`/wagtail/api/main/documents/${first.id}/`)
      .set('Accept', 'application/json')
      .expect(200);
    expect(detail.body.meta.file_size).to.be.a('number');
    const found = await agent
      .get(`/wagtail/api/main/documents/find/?id=${first.id}`)
      .set('Accept', 'application/json')
      .expect(302);
    expect(found.headers.location).to.equal(`/wagtail/api/main/documents/${first.id}/`);
    await agent.get('/wagtail/api/main/documents/99999999/').set('Accept', 'application/json').expect(404);
    await agent.get('/wagtail/api/main/documents/find/?id=99999999').set('Accept', 'application/json').expect(404);
  });
});

describe('documents: uploads past the size limit', () => {
  let t: TestApp;
  before(async function () {
    this.timeout(120_000);
    t = await createTestApp({ env: { MAX_DOCUMENT_UPLOAD_MB: '0.01' } });
  });
  after(async () => t?.close());

  it('answers 413 with a clear message and leaves nothing behind (no row, no stored file, no temporary file)', async () => {
    // The seeded site has documents of its own: what is there before the refused upload stays, and nothing more.
    const rows = () => t.db.selectFrom('documents').select('id').orderBy('id').execute();
    const storedKeys = async () => {
      const keys: string[] = [];
      for await (const object of openMediaStorage(t.config.media).list('documents/')) keys.push(object.key);
      return keys.sort();
    };
    const rowsBefore = await rows();
    const keysBefore = await storedKeys();
    const agent = await signedInAgent(t.app);
    const token = csrfTokenIn((await agent.get('/wagtail/').expect(200)).text);
    const big = Buffer.concat([tinyPdf(), Buffer.alloc(50_000, 0x20)]);
    const res = await agent
      .post('/wagtail/documents/multiple/add/')
      .set('Accept', 'application/json')
      .set('X-CSRFToken', token)
      .attach('file', big, 'big.pdf');
    expect(res.status).to.equal(413);
    expect(res.body.error.message).to.equal('The file is larger than the limit of 0.01 MB. Nothing was saved.');
    const html = await agent
      .post('/wagtail/documents/multiple/add/')
      .set('X-CSRFToken', token)
      .attach('file', big, 'big.pdf');
    expect(html.status).to.equal(413);
    expect(html.text).to.include('larger than the limit');
    expect(await rows()).to.deep.equal(rowsBefore);
    expect(await storedKeys()).to.deep.equal(keysBefore);
    // Temporary files are removed when the response ends (asynchronously: wait up to 5 s).
    const tempFiles = async () => {
      for (let waited = 0; waited < 5000 && readdirSync(join(t.dataDir, 'tmp', 'uploads')).length > 0; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      return readdirSync(join(t.dataDir, 'tmp', 'uploads'));
    };
    expect(await tempFiles()).to.deep.equal([]);
    // A file under the limit still goes through.
    await agent
      .post('/wagtail/documents/multiple/add/')
      .set('Accept', 'application/json')
      .set('X-CSRFToken', token)
      .attach('file', tinyPdf(), 'small.pdf')
      .expect(201);
    expect(await tempFiles()).to.deep.equal([]);
  });
});
