import { expect } from 'chai';
import sharp from 'sharp';
import request from 'supertest';
import { MAX_ASPECT_RATIO, MAX_IMAGE_SIDE } from '../../server/modules/images/library-service';
import { insertImage } from '../../server/modules/images/repo';
import { imageForBlocks, openRendition, type RenditionLog } from '../../server/modules/images/service';
import { originalKey } from '../../server/modules/images/storage';
import { openMediaStorage } from '../../server/storage/open-media-storage';
import type { TestApp } from '../helpers/app';
import { useTestApp, type SignedInAgent } from '../helpers/app-suite';

const solidPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a6f97' }, limitInputPixels: false })
    .png()
    .toBuffer();

const binary = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

/** A log that keeps what it is given (the renditions' failure reports). */
function keptLog(): RenditionLog & { lines: unknown[] } {
  const lines: unknown[] = [];
  return { lines, warn: ((...args: unknown[]) => void lines.push(args)) as RenditionLog['warn'] };
}

describe('images: dimensions every rendition format can encode', () => {
  let t: TestApp;
  let agent: SignedInAgent;
  let token: string;
  let strip: Buffer;
  useTestApp({ signIn: true }, (suite) => ({ t, agent, token } = suite));
  before(async function () {
    this.timeout(60_000);
    // 20 × 1,999,000: under the 40-megapixel cap, far past WebP's and AVIF's 16,383/16,384.
    strip = await solidPng(20, 1_999_000);
  });

  const images = async () =>
    Number(
      (
        await t.db
          .selectFrom('images')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const upload = (data: Buffer, name: string) =>
    agent
      .post('/wagtail/images/multiple/add/')
      .set('X-CSRFToken', token)
      .set('Accept', 'application/json')
      .attach('file', data, name);

  /** An image that reached the library before these checks (written directly, as an old upload was). */
  async function legacyImage(data: Buffer, width: number, height: number) {
    const file = originalKey('legacy', String(Math.random()).slice(2, 10), 'png');
    await openMediaStorage(t.config.media).put(file, data, { size: data.length, contentType: 'image/png' });
    return insertImage(t.db, {
      title: 'Legacy',
      file,
      width,
      height,
      file_size: data.length,
      mimetype: 'image/png',
      default_alt_text: '',
    });
  }

  it('refuses at upload a 20 × 1,999,000 pixel PNG with a clear message, keeping nothing', async () => {
    const before = await images();
    const res = await upload(strip, 'strip.png').expect(400);
    expect(res.body.error.message).to.equal(
      'strip.png: The image is 20 × 1999000 pixels; each side may be at most 16,383 pixels (the largest the WebP and AVIF versions can have). Make it smaller and upload it again.',
    );
    expect(await images()).to.equal(before);
  });

  it(`refuses a side past ${MAX_IMAGE_SIDE} pixels and a shape past ${MAX_ASPECT_RATIO}:1; accepts ${MAX_ASPECT_RATIO}:1`, async () => {
    const before = await images();
    const wide = await upload(await solidPng(MAX_IMAGE_SIDE + 1, 400), 'wide.png').expect(400);
    expect(wide.body.error.message).to.include('each side may be at most 16,383 pixels');
    const thin = await upload(await solidPng(40, 3000), 'thin.png').expect(400);
    expect(thin.body.error.message).to.include('one side is more than 50 times the other');
    expect(await images()).to.equal(before);
    await upload(await solidPng(3000, 60), 'banner.png').expect(201);
    expect(await images()).to.equal(before + 1);
  });

  it('serves an older image too tall for WebP and AVIF in its own format, never a 500', async () => {
    const image = await legacyImage(strip, 20, 1_999_000);
    for (const format of ['webp', 'avif']) {
      const res = await request(t.app)
        .get(`/media/images/${image.id}/w320.${format}`)
        .buffer(true)
        .parse(binary)
        .expect(200);
      expect(res.headers['content-type']).to.equal('image/png');
      expect((await sharp(res.body as Buffer, { limitInputPixels: false }).metadata()).format).to.equal('png');
      // Asked again, the recorded failure sends it straight to the PNG, already stored.
      const again = await request(t.app).get(`/media/images/${image.id}/w320.${format}`).expect(200);
      expect(again.headers['content-type']).to.equal('image/png');
      expect(again.headers['x-rendition-cache']).to.equal('hit');
    }
    const failures = await t.db
      .selectFrom('image_rendition_failures')
      .select(['format', 'requested_width'])
      .where('image_id', '=', image.id)
      .orderBy('format')
      .execute();
    expect(failures).to.deep.equal([
      { format: 'avif', requested_width: 320 },
      { format: 'webp', requested_width: 320 },
    ]);
    // Blocks list only the renditions that exist: the PNG.
    const block = await imageForBlocks(t.db, image.id, openMediaStorage(t.config.media));
    expect(block.renditions.map((r) => r.mimetype)).to.deep.equal(['image/png']);
  });

  it('logs a rendition failure once, however often it is asked for (the record is in the database)', async () => {
    const image = await legacyImage(strip, 20, 1_999_000);
    const storage = openMediaStorage(t.config.media);
    const log = keptLog();
    for (let i = 0; i < 3; i += 1) {
      const served = await openRendition(t.db, storage, { id: image.id, width: 480, format: 'webp' }, log);
      expect(served.mimetype).to.equal('image/png');
    }
    expect(log.lines).to.have.length(1);
    expect(JSON.stringify(log.lines[0])).to.include('too large for the WebP format');
  });

  it('answers 422, not 500, when not even the image own format can be made (a damaged original)', async () => {
    const image = await legacyImage(Buffer.from('not really a PNG'), 640, 480);
    for (const format of ['webp', 'png']) {
      const res = await request(t.app)
        .get(`/media/images/${image.id}/w320.${format}`)
        .set('Accept', 'application/json')
        .expect(422);
      expect(res.body.error.message).to.include('cannot be made');
    }
    await request(t.app).get(`/media/images/${image.id}/w320.webp`).set('Accept', 'application/json').expect(422);
  });
});
