import { expect } from 'chai';
import request from 'supertest';
import type { TestApp } from '../helpers/app';
import { useTestApp, type SignedInAgent } from '../helpers/app-suite';
import { jpeg, png, tinyPdf } from '../helpers/media-files';

/** Issue 30, "media you can see": tags, the image grid, replace-file and download links. */
describe('media libraries: tags, the image grid, replace and download links', () => {
  let t: TestApp;
  let agent: SignedInAgent;
  let token: string;
  useTestApp({ signIn: true }, (suite) => ({ t, agent, token } = suite));

  const uploadImage = async (name: string) => {
    const res = await agent
      .post('/wagtail/images/multiple/add/')
      .set('Accept', 'application/json')
      .set('X-CSRFToken', token)
      .attach('file', await jpeg(640, 480), name)
      .expect(201);
    return t.db.selectFrom('images').selectAll().where('id', '=', res.body.uploaded[0].id).executeTakeFirstOrThrow();
  };
  const uploadDocument = async (name: string) => {
    const res = await agent
      .post('/wagtail/documents/multiple/add/')
      .set('Accept', 'application/json')
      .set('X-CSRFToken', token)
      .attach('file', tinyPdf(), name)
      .expect(201);
    return t.db.selectFrom('documents').selectAll().where('id', '=', res.body.uploaded[0].id).executeTakeFirstOrThrow();
  };
  const editImage = (image: { id: number; version: number; collection_id: number }, tags: string) =>
    agent
      .post(`/wagtail/images/${image.id}/`)
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        version: String(image.version),
        title: 'Tagged',
        default_alt_text: 'A plate',
        collection: String(image.collection_id),
        tags,
      });
  const tagsOfImage = async (id: number) =>
    (
      await t.db
        .selectFrom('image_tags as it')
        .innerJoin('tags as t', 't.id', 'it.tag_id')
        .select('t.name')
        .where('it.image_id', '=', id)
        .orderBy('it.sort_order')
        .execute()
    ).map((row) => row.name);

  it('saves tags typed with commas as rows (trimmed, repeats dropped), shows them again and clears them', async () => {
    const image = await uploadImage('salmon.jpg');
    await editImage(image, ' Salmon ,summer   menu, salmon,, ').expect(303);
    expect(await tagsOfImage(image.id)).to.deep.equal(['Salmon', 'summer menu']);
    const form = await agent.get(`/wagtail/images/${image.id}/`).expect(200);
    expect(form.text).to.match(/<label for="id_tags">Tags<\/label>/);
    expect(form.text).to.contain('value="Salmon, summer menu"');
    // Another image typing another spelling shares the tag.
    const other = await uploadImage('trout.jpg');
    await editImage(other, 'SALMON').expect(303);
    expect(await tagsOfImage(other.id)).to.deep.equal(['Salmon']);
    expect(await t.db.selectFrom('tags').select('id').where('key', '=', 'salmon').execute()).to.have.length(1);
    // Emptying the field removes the image's tags.
    const saved = await t.db.selectFrom('images').selectAll().where('id', '=', image.id).executeTakeFirstOrThrow();
    await editImage(saved, '').expect(303);
    expect(await tagsOfImage(image.id)).to.deep.equal([]);
  });

  it('refuses too long a tag or too many tags, on the field, and keeps what was typed', async () => {
    const image = await uploadImage('long.jpg');
    const long = await editImage(image, `ok, ${'x'.repeat(101)}`).expect(400);
    expect(long.text).to.match(/Each tag may be at most 100 characters/);
    expect(long.text).to.match(/id="id_tags-error"/);
    expect(long.text).to.contain(`value="ok, ${'x'.repeat(101)}"`);
    const many = await editImage(image, Array.from({ length: 21 }, (_, i) => `tag ${i}`).join(',')).expect(400);
    expect(many.text).to.match(/Give at most 20 tags \(there are 21\)/);
    expect(await tagsOfImage(image.id)).to.deep.equal([]);
  });

  it('filters the image grid, the images API and the chooser by tag; an unknown tag is a 400', async () => {
    const tagged = await uploadImage('lobster.jpg');
    await editImage(tagged, 'shellfish, specials').expect(303);
    await uploadImage('untagged.jpg');
    const grid = await agent.get('/wagtail/images/?tag=shellfish').expect(200);
    expect(grid.text).to.contain('class="admin-media-grid"');
    expect(grid.text).to.match(new RegExp(`data-row-id="${tagged.id}"`));
    expect(grid.text.match(/class="admin-media-card"/g)).to.have.length(1);
    expect(grid.text).to.match(
      new RegExp(`<img src="/media/images/${tagged.id}/w320.webp" alt="" width="320" height="240"`),
    );
    expect(grid.text).to.match(/<option value="shellfish" selected="">shellfish<\/option>/);
    const bad = await agent.get('/wagtail/images/?tag=nothing-like-this').expect(400);
    expect(bad.text).to.match(/tag filter is not valid/);

    const api = await agent.get('/wagtail/api/main/images/?tags=specials,SHELLFISH').set('Accept', 'application/json');
    expect(api.status).to.equal(200);
    expect(api.body.items.map((item: { id: number }) => item.id)).to.deep.equal([tagged.id]);
    expect(api.body.items[0].meta.tags).to.deep.equal(['shellfish', 'specials']);
    const none = await agent.get('/wagtail/api/main/images/?tags=shellfish,other').set('Accept', 'application/json');
    expect(none.body.items).to.deep.equal([]);
    const chooser = await agent.get('/wagtail/images/chooser/').set('Accept', 'application/json').expect(200);
    expect(chooser.body.tags).to.deep.include({ value: 'shellfish', label: 'shellfish' });
  });

  it('tags documents, filters their list and API, and links each row and edit screen to the download', async () => {
    const doc = await uploadDocument('menu.pdf');
    await agent
      .post(`/wagtail/documents/${doc.id}/`)
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        version: String(doc.version),
        title: 'Menu',
        collection: String(doc.collection_id),
        tags: 'menus, 2027',
      })
      .expect(303);
    const list = await agent.get('/wagtail/documents/?tag=menus').expect(200);
    expect(list.text).to.contain(`<a href="/documents/${doc.id}/menu.pdf">menu.pdf`);
    expect(list.text).to.match(/<td>menus, 2027<\/td>/);
    const edit = await agent.get(`/wagtail/documents/${doc.id}/`).expect(200);
    expect(edit.text).to.contain(`<a href="/documents/${doc.id}/menu.pdf">Download</a>`);
    expect(edit.text).to.contain(`<a href="/wagtail/documents/${doc.id}/replace/">Replace file</a>`);
    expect(edit.text).to.contain('value="menus, 2027"');
    const api = await agent.get('/wagtail/api/main/documents/?tags=2027').set('Accept', 'application/json');
    expect(api.body.items.map((item: { id: number }) => item.id)).to.deep.equal([doc.id]);
    expect(api.body.items[0].meta.tags).to.deep.equal(['menus', '2027']);
    const chooser = await agent.get('/wagtail/documents/chooser/').set('Accept', 'application/json').expect(200);
    expect(chooser.body.tags).to.deep.include({ value: 'menus', label: 'menus' });
    await request(t.app).get(`/documents/${doc.id}/menu.pdf`).expect(200);
  });

  it('replaces an image file keeping its id and tags, makes the block renditions again, and refuses a bad file clearly', async () => {
    const image = await uploadImage('before.jpg');
    await editImage(image, 'kept').expect(303);
    const edit = await agent.get(`/wagtail/images/${image.id}/`).expect(200);
    expect(edit.text).to.contain(`<a href="/wagtail/images/${image.id}/replace/">Replace file</a>`);
    await agent
      .post(`/wagtail/images/${image.id}/replace/`)
      .set('X-CSRFToken', token)
      .attach('file', await png(1000, 500), 'after.png')
      .expect(303);
    const after = await t.db.selectFrom('images').selectAll().where('id', '=', image.id).executeTakeFirstOrThrow();
    expect([after.width, after.height, after.mimetype]).to.deep.equal([1000, 500, 'image/png']);
    expect(await tagsOfImage(image.id)).to.deep.equal(['kept']);
    // Made at once from the new file: AVIF, WebP and PNG at the block widths up to 1000 px.
    const renditions = await t.db
      .selectFrom('image_renditions')
      .select(['requested_width', 'format', 'width', 'height'])
      .where('image_id', '=', image.id)
      .orderBy('format')
      .orderBy('requested_width')
      .execute();
    expect(renditions.map((r) => `${r.format}:${r.requested_width}:${r.width}x${r.height}`)).to.deep.equal([
      'avif:480:480x240',
      'avif:960:960x480',
      'png:480:480x240',
      'png:960:960x480',
      'webp:480:480x240',
      'webp:960:960x480',
    ]);
    const served = await request(t.app).get(`/media/images/${image.id}/w480.webp`).expect(200);
    expect(served.headers['x-rendition-cache']).to.equal('hit');

    for (const [data, name, message] of [
      [tinyPdf(), 'photo.jpg', /not an image we accept/],
      [Buffer.alloc(0), 'empty.png', /The file is empty/],
    ] as const) {
      const refused = await agent
        .post(`/wagtail/images/${image.id}/replace/`)
        .set('X-CSRFToken', token)
        .attach('file', data, name)
        .expect(400);
      expect(refused.text).to.match(message);
      expect(refused.text).to.match(/The file could not be replaced/);
    }
    const unchanged = await t.db.selectFrom('images').selectAll().where('id', '=', image.id).executeTakeFirstOrThrow();
    expect(unchanged.file).to.equal(after.file);
  });
});
