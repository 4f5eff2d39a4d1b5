import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import request from 'supertest';
import { loadConfig } from '../../server/config';
import { renditionKey } from '../../server/modules/images/storage';
import type { MediaStorage } from '../../server/storage/media-storage';
import { openMediaStorage } from '../../server/storage/open-media-storage';
import { createTestApp, type TestApp } from '../helpers/app';
import { S3_TEST_CREDENTIALS, startS3Server } from '../helpers/s3-server';

/**
 * The same behaviour, asked of both drivers: the local directory and a real S3-compatible server
 * (s3rver, started here on a loopback port). Only the storage differs between the two runs.
 */
type Driver = {
  env: Record<string, string>;
  storage: MediaStorage;
  s3?: Awaited<ReturnType<typeof startS3Server>>;
  cleanup(): Promise<void>;
};

/**
 * s3rver writes an object's file in place, so a read racing a replacement can be cut short; S3
 * itself (and the stores that copy it) publish a PUT whole. Against s3rver the replacement is
 * therefore checked read-after-write: each read is one whole version and no temporary object is
 * left. The local driver is also checked with reads racing the writes.
 */
const racingReads = (driver: Driver) => !driver.s3;

const drivers: Array<{ name: string; start(): Promise<Driver> }> = [
  {
    name: 'local directory',
    async start() {
      const dir = mkdtempSync(join(tmpdir(), 'harborline-media-'));
      const env = { DATA_DIR: dir };
      return {
        env,
        storage: openMediaStorage(loadConfig({ NODE_ENV: 'test', ...env }).media),
        cleanup: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'S3-compatible object store',
    async start() {
      const s3 = await startS3Server();
      const env = {
        MEDIA_STORAGE_URL: `s3://${s3.bucket}/site-a?endpoint=${encodeURIComponent(s3.endpoint())}&region=us-east-1`,
        ...S3_TEST_CREDENTIALS,
      };
      return {
        env,
        s3,
        storage: openMediaStorage(loadConfig({ NODE_ENV: 'test', ...env }).media),
        cleanup: () => s3.destroy(),
      };
    },
  },
];

const collect = async (storage: MediaStorage, prefix?: string) => {
  const found: Array<{ key: string; size: number }> = [];
  for await (const entry of storage.list(prefix)) found.push(entry);
  return found.sort((a, b) => a.key.localeCompare(b.key));
};

const binary = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

for (const { name, start } of drivers) {
  describe(`media storage: ${name}`, function () {
    this.timeout(60_000);
    let driver: Driver;
    before(async () => {
      driver = await start();
    });
    after(async () => driver.cleanup());

    it('stores objects whole, streams them back, lists them by prefix and removes them', async () => {
      const { storage } = driver;
      const photo = Buffer.alloc(300_000, 7);
      await storage.put('original_images/salmon-1a2b.jpg', photo, { size: photo.length, contentType: 'image/jpeg' });
      await storage.put('documents/menu.pdf', Readable.from([Buffer.from('%PDF-'), Buffer.from('1.7 menu')]), {
        size: 13,
        contentType: 'application/pdf',
      });

      const opened = await storage.open('original_images/salmon-1a2b.jpg');
      expect(opened?.size).to.equal(photo.length);
      const chunks: Buffer[] = [];
      for await (const chunk of opened!.body) chunks.push(chunk as Buffer);
      expect(Buffer.compare(Buffer.concat(chunks), photo)).to.equal(0);
      expect((await storage.read('documents/menu.pdf'))?.toString()).to.equal('%PDF-1.7 menu');
      expect(await storage.exists('documents/menu.pdf')).to.equal(true);

      expect(await collect(storage)).to.deep.equal([
        { key: 'documents/menu.pdf', size: 13 },
        { key: 'original_images/salmon-1a2b.jpg', size: photo.length },
      ]);
      expect(await collect(storage, 'documents/')).to.deep.equal([{ key: 'documents/menu.pdf', size: 13 }]);

      await storage.remove('documents/menu.pdf');
      await storage.remove('documents/menu.pdf'); // removing what is gone is not an error
      expect(await storage.exists('documents/menu.pdf')).to.equal(false);
      expect(await storage.open('documents/menu.pdf')).to.equal(undefined);
      expect(await storage.read('nothing/here.txt')).to.equal(undefined);
    });

    it('refuses keys that could leave the media root or hide files', async () => {
      for (const key of [
        '../etc/passwd',
        '/absolute.jpg',
        'a//b.jpg',
        'a/../b.jpg',
        '.hidden',
        'a/./b',
        'a\\b',
        'with space.jpg',
        '',
      ]) {
        let failure: unknown;
        await driver.storage.put(key, Buffer.from('x'), { size: 1 }).catch((error: unknown) => (failure = error));
        expect(failure, key).to.be.instanceOf(Error);
        expect((failure as Error).message).to.match(/Invalid media key/);
      }
      expect(await collect(driver.storage, 'a/')).to.deep.equal([]);
    });

    it('replaces an object atomically: readers see the old or the new one, never a part', async () => {
      const { storage } = driver;
      const versions = [Buffer.alloc(200_000, 1), Buffer.alloc(200_000, 2)];
      await storage.put('renditions/9/w480.webp', versions[0]!, { size: versions[0]!.length });
      const reads: Array<Promise<Buffer | undefined>> = [];
      for (let i = 1; i <= 6; i++) {
        const next = versions[i % 2]!;
        const reading = storage.read('renditions/9/w480.webp');
        if (!racingReads(driver)) await reading;
        reads.push(reading);
        await storage.put('renditions/9/w480.webp', next, { size: next.length });
      }
      reads.push(storage.read('renditions/9/w480.webp'));
      for (const read of await Promise.all(reads)) {
        expect(versions.some((version) => read !== undefined && Buffer.compare(read, version) === 0)).to.equal(true);
      }
      expect((await collect(storage, 'renditions/')).map((entry) => entry.key)).to.deep.equal([
        'renditions/9/w480.webp',
      ]);
    });

    it('passes its health check', async () => {
      await driver.storage.check();
      expect(await collect(driver.storage, 'health/')).to.deep.equal([]);
    });

    describe('behind the site', () => {
      let t: TestApp;
      let imageId: number;
      before(async function () {
        this.timeout(180_000); // migrating and seeding the whole demo is slow on a busy machine
        t = await createTestApp({ env: driver.env });
        imageId = (await t.db.selectFrom('images').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
      });
      after(async () => t.close());

      it('keeps the seeded originals and block renditions in this storage, and serves renditions from it', async () => {
        const keys = (await collect(driver.storage)).map((entry) => entry.key);
        const image = await t.db
          .selectFrom('images')
          .select('file')
          .where('id', '=', imageId)
          .executeTakeFirstOrThrow();
        expect(keys).to.include(image.file);
        expect(keys).to.include(renditionKey(imageId, 480, 'webp'));

        const made = await request(t.app)
          .get(`/media/images/${imageId}/w320.avif`)
          .buffer(true)
          .parse(binary)
          .expect(200);
        expect(made.headers['x-rendition-cache']).to.equal('miss');
        expect(await driver.storage.exists(renditionKey(imageId, 320, 'avif'))).to.equal(true);
        const served = await request(t.app)
          .get(`/media/images/${imageId}/w320.avif`)
          .buffer(true)
          .parse(binary)
          .expect(200);
        expect(served.headers['x-rendition-cache']).to.equal('hit');
        expect(served.headers['content-length']).to.equal(String((made.body as Buffer).length));
        expect(Buffer.compare(served.body as Buffer, made.body as Buffer)).to.equal(0);
        await request(t.app).get('/api/ht/storage/').expect(200);
      });

      it('answers 503 with Retry-After while the storage is away, and serves again when it is back', async function () {
        if (!driver.s3) this.skip(); // a local directory does not go away
        await driver.s3.stop();
        try {
          const down = await request(t.app)
            .get(`/media/images/${imageId}/w480.webp`)
            .set('Accept', 'text/html')
            .expect(503);
          expect(down.headers['retry-after']).to.match(/^\d+$/);
          await request(t.app).get('/api/ht/storage/').expect(503);
        } finally {
          await driver.s3.start();
        }
        await request(t.app).get(`/media/images/${imageId}/w480.webp`).expect(200);
      });
    });
  });
}
