import { expect } from 'chai';
import request from 'supertest';
import type { TestApp } from '../helpers/app';
import { useTestApp, type SignedInAgent } from '../helpers/app-suite';
import { jpeg, png, pngBomb, polyglotJpeg, tinyPdf } from '../helpers/media-files';
import { openMediaStorage } from '../../server/storage/open-media-storage';
import { imageForBlocks } from '../../server/modules/images/service';
import { createPage } from '../../server/modules/pages/service';
import { csrfTokenIn } from '../helpers/admin';

describe('images: upload checks, edit, replace and the admin API', () => {
  let t: TestApp;
  let agent: SignedInAgent;
  let token: string;
  useTestApp({ signIn: true }, (suite) => ({ t, agent, token } = suite));

  const upload = (data: Buffer, name: string) =>
    agent
      .post('/wagtail/images/multiple/add/')
      .set('Accept', 'application/json')
      .set('X-CSRFToken', token)
      .attach('file', data, name);
  const count = async () =>
    Number(
      (
        await t.db
          .selectFrom('images')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const newest = () => t.db.selectFrom('images').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('stores a JPEG and a PNG, typed by their bytes whatever their names say', async () => {
    await upload(await jpeg(800, 600), 'harbour.png').expect(201);
    expect((await newest()).mimetype).to.equal('image/jpeg');
    await upload(await png(), 'logo.jpg').expect(201);
    const row = await newest();
    expect(row.mimetype).to.equal('image/png');
    const rendition = await request(t.app).get(`/media/images/${row.id}/w320.webp`).expect(200);
    expect(rendition.headers['content-type']).to.equal('image/webp');
  });

  const refused: Array<[string, () => Promise<Buffer> | Buffer, string, RegExp]> = [
    [
      'a decompression bomb (a PNG claiming 50,000 × 50,000 pixels)',
      pngBomb,
      'bomb.png',
      /megapixels|too large|damaged/,
    ],
    ['a truncated JPEG', async () => (await jpeg(400, 300)).subarray(0, 300), 'cut.jpg', /damaged|truncated/],
    ['a polyglot (a JPEG carrying an HTML page with a script)', polyglotJpeg, 'poly.jpg', /markup or script/],
    ['a PDF named .jpg', tinyPdf, 'photo.jpg', /not an image we accept/],
    [
      'an SVG (never accepted)',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'logo.svg',
      /not an image we accept/,
    ],
    ['an empty file', () => Buffer.alloc(0), 'empty.png', /empty/],
  ];
  for (const [what, make, name, message] of refused) {
    it(`refuses ${what} with a message, keeps nothing, and stays up`, async () => {
      const before = await count();
      const res = await upload(await make(), name).expect(400);
      expect(res.body.error.message).to.match(message);
      expect(await count()).to.equal(before);
      await request(t.app).get('/admin/lb-heartbeat/').expect(200);
    });
  }

  it('edits alt text and the focal point, and refuses half a focal point or a missing alt text', async () => {
    await upload(await jpeg(), 'crew.jpg').expect(201);
    const row = await newest();
    const edit = await agent.get(`/wagtail/images/${row.id}/`).expect(200);
    const version = /name="version" value="(\d+)"/.exec(edit.text)![1]!;
    // The image to click for the focal point, inside the form, with the numeric fields as the other way.
    expect(edit.text).to.match(
      new RegExp(
        `<figure class="focal-point-picker" data-focal-picker=""[^>]*>.*<img src="/media/images/${row.id}/w640.webp"`,
      ),
    );
    expect(edit.text).to.include('name="focal_point_x"');
    expect(edit.text).to.match(/<script[^>]+src="[^"]*admin-uploads[^"]*"/);
    const base = { csrfmiddlewaretoken: token, title: 'Crew', collection: String(row.collection_id), version };
    const half = await agent
      .post(`/wagtail/images/${row.id}/`)
      .type('form')
      .send({ ...base, default_alt_text: 'Three cooks', focal_point_x: '0.2', focal_point_y: '' })
      .expect(400);
    expect(half.text).to.include('Give both coordinates of the focal point, or neither.');
    const noAlt = await agent
      .post(`/wagtail/images/${row.id}/`)
      .type('form')
      .send({ ...base, default_alt_text: '' })
      .expect(400);
    expect(noAlt.text).to.include('tick “Decorative image”');
    const outside = await agent
      .post(`/wagtail/images/${row.id}/`)
      .type('form')
      .send({ ...base, default_alt_text: 'x', focal_point_x: '1.5', focal_point_y: '0' })
      .expect(400);
    expect(outside.text).to.include('Enter a number from 0 to 1.');
    await agent
      .post(`/wagtail/images/${row.id}/`)
      .type('form')
      .send({ ...base, default_alt_text: 'Three cooks', focal_point_x: '0.25', focal_point_y: '0.75' })
      .expect(303);
    const saved = await t.db.selectFrom('images').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect([saved.default_alt_text, saved.focal_point_x, saved.focal_point_y]).to.deep.equal([
      'Three cooks',
      0.25,
      0.75,
    ]);
  });

  it('replaces the file keeping the id, purges the old renditions and makes the block ones again', async () => {
    await upload(await jpeg(640, 480, '#000000'), 'before.jpg').expect(201);
    const row = await newest();
    await request(t.app).get(`/media/images/${row.id}/w320.jpeg`).expect(200);
    expect(
      await t.db.selectFrom('image_renditions').select('id').where('image_id', '=', row.id).execute(),
    ).to.have.length(1);
    await agent
      .post(`/wagtail/images/${row.id}/replace/`)
      .set('X-CSRFToken', token)
      .attach('file', await png(900, 300), 'after.png')
      .expect(303);
    const replaced = await t.db.selectFrom('images').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect([replaced.width, replaced.height, replaced.mimetype]).to.deep.equal([900, 300, 'image/png']);
    // The old JPEG rendition is gone; the block renditions were made again from the PNG.
    expect(
      (await t.db.selectFrom('image_renditions').select('format').where('image_id', '=', row.id).execute()).map(
        (r) => r.format,
      ),
    ).to.have.members(['avif', 'webp', 'png']);
    expect(await openMediaStorage(t.config.media).exists(row.file)).to.equal(false);
    const bad = await agent
      .post(`/wagtail/images/${row.id}/replace/`)
      .set('X-CSRFToken', token)
      .attach('file', await pngBomb(), 'bomb.png')
      .expect(400);
    expect(bad.text).to.match(/megapixels|damaged/);
  });

  it('lists images in the admin API with a capped limit, detail and find', async () => {
    const list = await agent.get('/wagtail/api/main/images/?limit=3').set('Accept', 'application/json').expect(200);
    expect(list.body.items).to.have.length(3);
    expect(list.body.meta.total_count).to.be.greaterThan(10);
    await agent.get('/wagtail/api/main/images/?limit=21').set('Accept', 'application/json').expect(400);
    const id = list.body.items[0].id as number;
    const detail = await agent.get(`/wagtail/api/main/images/${id}/`).set('Accept', 'application/json').expect(200);
    expect(detail.body.width).to.be.a('number');
    await agent.get(`/wagtail/api/main/images/find/?id=${id}`).set('Accept', 'application/json').expect(302);
    await agent.get('/wagtail/api/main/images/0/').set('Accept', 'application/json').expect(404);
  });

  it("gives the block editor's chooser its collections and a chosen image as blocks store it, renditions made", async () => {
    const collections = await agent.get('/wagtail/images/chooser/').set('Accept', 'application/json').expect(200);
    expect(collections.body.collections[0]).to.have.keys(['value', 'label']);
    await upload(await jpeg(1000, 750), 'chosen.jpg').expect(201);
    const row = await newest();
    const chosen = await agent.get(`/wagtail/images/chooser/${row.id}/`).set('Accept', 'application/json').expect(200);
    expect(chosen.body.image.image_id).to.equal(row.id);
    expect(chosen.body.image.imageData.title).to.equal('chosen');
    const renditions = chosen.body.image.renditions as Array<{ url: string; width: number; size: number }>;
    expect(renditions.map((r) => r.url)).to.include(`/media/images/${row.id}/w960.webp`);
    // Every listed size is the file served at that URL.
    for (const rendition of renditions) {
      const served = await request(t.app).get(rendition.url).expect(200);
      expect(served.body.length).to.equal(rendition.size);
    }
    for (const bad of ['0', 'abc', '99999999', '1e3', '-1'])
      await agent.get(`/wagtail/images/chooser/${bad}/`).set('Accept', 'application/json').expect(404);
  });

  it('keeps the alt text sent with a single upload (the chooser asks for it), and refuses an overlong one', async () => {
    await upload(await jpeg(), 'with-alt.jpg')
      .field('default_alt_text', '  Crab traps on the quay  ')
      .expect(201);
    expect((await newest()).default_alt_text).to.equal('Crab traps on the quay');
    const before = await count();
    const res = await upload(await jpeg(), 'too-long.jpg')
      .field('default_alt_text', 'x'.repeat(401))
      .expect(400);
    expect(res.body.error.message).to.match(/at most 400 characters/);
    expect(await count()).to.equal(before);
  });

  it('renders a page without an image deleted from the library (a block that needs it is dropped), never a 500', async () => {
    await upload(await jpeg(900, 600, '#114477'), 'kept.jpg').expect(201);
    const kept = await newest();
    await upload(await jpeg(900, 600, '#771144'), 'doomed.jpg').expect(201);
    const doomed = await newest();
    const storage = openMediaStorage(t.config.media);
    const [keptImage, doomedImage] = [
      await imageForBlocks(t.db, kept.id, storage),
      await imageForBlocks(t.db, doomed.id, storage),
    ];
    const home = await t.db
      .selectFrom('pages')
      .select('id')
      .where('page_type', '=', 'HomePage')
      .orderBy('path')
      .executeTakeFirstOrThrow();
    await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Uses a deleted image',
      slug: 'uses-a-deleted-image',
      content: {
        body: [
          { type: 'feature_image', id: 'fi', value: { image: doomedImage, caption: 'Gone soon' } },
          {
            type: 'social_grid',
            id: 'sg',
            value: { heading: 'Share Your Catch', handle: 'harborline', images: [doomedImage, keptImage] },
          },
        ],
        confirmation_content: [],
      },
      publish: true,
    });
    const before = await request(t.app).get('/uses-a-deleted-image/').expect(200);
    expect(before.text).to.include(`/media/images/${doomed.id}/`);
    expect(before.text).to.include('Gone soon');

    const confirm = await agent.get(`/wagtail/images/${doomed.id}/delete/`).expect(200);
    await agent
      .post(`/wagtail/images/${doomed.id}/delete/`)
      .type('form')
      .send({ csrfmiddlewaretoken: csrfTokenIn(confirm.text) })
      .expect(303);
    expect(await t.db.selectFrom('images').select('id').where('id', '=', doomed.id).execute()).to.deep.equal([]);

    // The page answered before from the page cache, which the deletion made stale.
    const after = await request(t.app).get('/uses-a-deleted-image/').expect(200);
    expect(after.text).to.not.include(`/media/images/${doomed.id}/`);
    // The feature image block needs its image: dropped. The grid keeps its other picture.
    expect(after.text).to.not.include('Gone soon');
    expect(after.text).to.include(`/media/images/${kept.id}/`);
    expect(after.text).to.include('data-block-type="social_grid"');
  });
});
