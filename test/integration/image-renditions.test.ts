import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import request from 'supertest';
import sharp from 'sharp';
import { imageForBlocks } from '../../server/modules/images/service';
import { openMediaStorage } from '../../server/storage/open-media-storage';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

const binary = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

describe('image renditions', () => {
  let t: TestApp;
  let imageId: number;
  useTestApp({}, (suite) => ({ t } = suite));
  before(async () => {
    const first = await t.db.selectFrom('images').select(['id']).orderBy('id').executeTakeFirstOrThrow();
    imageId = first.id;
  });

  it('makes a rendition at the requested width, caches it on disk and serves it for a year', async () => {
    const res = await request(t.app).get(`/media/images/${imageId}/w320.webp`).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).to.equal('image/webp');
    expect(res.headers['cache-control']).to.equal('public, max-age=86400');
    expect(res.headers['x-rendition-cache']).to.equal('miss');
    const meta = await sharp(res.body as Buffer).metadata();
    expect(meta.format).to.equal('webp');
    expect(meta.width).to.equal(320);
    expect(existsSync(join(t.dataDir, 'media', 'renditions', String(imageId), 'w320.webp'))).to.equal(true);
    const row = await t.db
      .selectFrom('image_renditions')
      .selectAll()
      .where('image_id', '=', imageId)
      .where('requested_width', '=', 320)
      .where('format', '=', 'webp')
      .executeTakeFirstOrThrow();
    expect(row.file_size).to.equal((res.body as Buffer).length);

    const again = await request(t.app).get(`/media/images/${imageId}/w320.webp`).buffer(true).parse(binary).expect(200);
    expect(again.headers['x-rendition-cache']).to.equal('hit');
    expect(Buffer.compare(again.body as Buffer, res.body as Buffer)).to.equal(0);
  });

  it('rejects widths outside the allowed list and formats the image cannot have with 400', async () => {
    const width = await request(t.app)
      .get(`/media/images/${imageId}/w333.webp`)
      .set('Accept', 'application/json')
      .expect(400);
    expect(JSON.stringify(width.body)).to.include('width');
    await request(t.app).get(`/media/images/${imageId}/w320.gif`).set('Accept', 'application/json').expect(400);
    // The demo originals are JPEGs: PNG is not offered for them.
    await request(t.app).get(`/media/images/${imageId}/w320.png`).set('Accept', 'application/json').expect(400);
  });

  it('answers 404 for unknown or malformed image ids and file names', async () => {
    await request(t.app).get('/media/images/999999/w320.webp').expect(404);
    await request(t.app).get('/media/images/abc/w320.webp').expect(404);
    await request(t.app).get('/media/images/0/w320.webp').expect(404);
    await request(t.app).get(`/media/images/${imageId}/original.jpeg`).expect(404);
  });

  it('serves concurrent first requests from one intact file', async () => {
    const responses = await Promise.all(
      Array.from({ length: 4 }, () =>
        request(t.app).get(`/media/images/${imageId}/w640.avif`).buffer(true).parse(binary).expect(200),
      ),
    );
    const sizes = new Set(responses.map((res) => (res.body as Buffer).length));
    expect(sizes.size).to.equal(1);
    expect((await sharp(responses[0]!.body as Buffer).metadata()).width).to.equal(640);
    const leftovers = readdirSync(join(t.dataDir, 'media', 'renditions', String(imageId))).filter((name) =>
      name.endsWith('.tmp'),
    );
    expect(leftovers).to.deep.equal([]);
  });

  it('gives blocks real rendition sizes in AVIF, WebP and the original format', async () => {
    const image = await imageForBlocks(t.db, imageId, openMediaStorage(t.config.media));
    expect(new Set(image.renditions.map((r) => r.mimetype))).to.deep.equal(
      new Set(['image/avif', 'image/webp', 'image/jpeg']),
    );
    for (const rendition of image.renditions) {
      const res = await request(t.app).get(rendition.url).buffer(true).parse(binary).expect(200);
      expect((res.body as Buffer).length).to.equal(rendition.size);
      const meta = await sharp(res.body as Buffer).metadata();
      expect([meta.width, meta.height]).to.deep.equal([rendition.width, rendition.height]);
    }
  });
});
