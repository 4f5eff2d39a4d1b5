import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import pg from 'pg';
import sharp from 'sharp';
import { BadArchiveError } from '../../server/backup/archive';
import { createBackup } from '../../server/backup/backup';
import { restoreBackup, RestoreRefusedError } from '../../server/backup/restore';
import { loadConfig, type Config } from '../../server/config';
import { databaseTarget, openDatabase } from '../../server/db';
import { createImage } from '../../server/modules/images/service';
import { createPage } from '../../server/modules/pages/service';
import type { MediaStorage } from '../../server/storage/media-storage';
import { openMediaStorage } from '../../server/storage/open-media-storage';
import { S3_TEST_CREDENTIALS, startS3Server } from '../helpers/s3-server';
import { seededDataDir, seededPostgresSite } from '../helpers/seeded-data-dir';

/**
 * Backs up a seeded site with an upload, wipes the database and the media, restores, and finds
 * every page, revision and file again: on the embedded database (PGlite phase) or PostgreSQL
 * (PostgreSQL phase), with media in the local directory and in an S3-compatible store.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const onPostgres = process.env.TEST_DB === 'postgres';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function snapshot(config: Config, media: MediaStorage) {
  const handle = openDatabase(databaseTarget(config.databaseUrl, config.dataDir), { log: quiet });
  try {
    const pages = await handle.db
      .selectFrom('pages')
      .select(['id', 'path', 'url_path', 'title', 'live', 'latest_revision_id', 'live_revision_id', 'content'])
      .orderBy('id')
      .execute();
    const revisions = await handle.db
      .selectFrom('page_revisions')
      .select(['id', 'page_id', 'content'])
      .orderBy('id')
      .execute();
    const images = await handle.db.selectFrom('images').select(['id', 'file', 'file_size']).orderBy('id').execute();
    const files: Record<string, string> = {};
    for await (const { key } of media.list())
      files[key] = createHash('sha256')
        .update((await media.read(key))!)
        .digest('hex');
    return { pages, revisions, images, files };
  } finally {
    await handle.close();
  }
}

/**
 * The database part of an archive depends on the engine and the media part on the storage, each
 * on its own. With a PostgreSQL server (npm test runs this suite on both engines) each engine
 * takes one storage: the embedded database with local media, PostgreSQL with S3. Without one, or
 * with TEST_BOTH_ENGINES=1, every engine takes both.
 */
const MEDIA_DRIVERS =
  process.env.TEST_DATABASE_URL && process.env.TEST_BOTH_ENGINES !== '1'
    ? ([onPostgres ? 's3' : 'local'] as const)
    : (['local', 's3'] as const);

/** Puts every file under `dir` into `media`, keyed by its path under `dir`. */
async function putEveryFile(media: MediaStorage, dir: string, prefix = ''): Promise<void> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await putEveryFile(media, path, `${prefix}${entry.name}/`);
    else {
      const body = readFileSync(path);
      await media.put(`${prefix}${entry.name}`, body, { size: body.length });
    }
  }
}

for (const mediaDriver of MEDIA_DRIVERS) {
  describe(`backup and restore: ${onPostgres ? 'PostgreSQL' : 'embedded database'}, media in ${mediaDriver === 's3' ? 'an S3-compatible store' : 'the local directory'}`, function () {
    this.timeout(180_000);
    let dataDir: string;
    let config: Config;
    let media: MediaStorage;
    let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
    let databaseName: string | undefined;
    let original: Awaited<ReturnType<typeof snapshot>>;
    let archive: string;
    let uploadedPhoto: Buffer;

    const adminQuery = async (text: string) => {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(text);
      await admin.end();
    };

    const wipe = async () => {
      if (databaseName) {
        await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
        await adminQuery(`CREATE DATABASE ${databaseName}`);
      } else {
        rmSync(join(dataDir, 'pglite'), { recursive: true, force: true });
      }
      const keys: string[] = [];
      for await (const { key } of media.list()) keys.push(key);
      for (const key of keys) await media.remove(key);
    };

    before(async () => {
      // The seeded demo site, copied from the test process's template rather than seeded again,
      // its media in DATA_DIR/media.
      const env: Record<string, string> = { NODE_ENV: 'test' };
      if (onPostgres) {
        const adminUrl = process.env.TEST_DATABASE_URL;
        if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
        databaseName = `harborline_backup_${process.pid}_${randomBytes(3).toString('hex')}`;
        const site = await seededPostgresSite(adminUrl, databaseName);
        dataDir = site.dataDir;
        env.DATABASE_URL = site.url;
      } else {
        dataDir = await seededDataDir();
      }
      env.DATA_DIR = dataDir;
      if (mediaDriver === 's3') {
        s3 = await startS3Server();
        Object.assign(env, S3_TEST_CREDENTIALS, {
          MEDIA_STORAGE_URL: `s3://${s3.bucket}/backups-test?endpoint=${encodeURIComponent(s3.endpoint())}`,
        });
      }
      config = loadConfig(env);
      media = openMediaStorage(config.media);
      if (mediaDriver === 's3') {
        // The site's media move into the store.
        const local = join(dataDir, 'media');
        await putEveryFile(media, local);
        rmSync(local, { recursive: true, force: true });
      }

      // One upload and one more page with its revision.
      const handle = openDatabase(databaseTarget(config.databaseUrl, config.dataDir), { log: quiet });
      uploadedPhoto = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0B2341' } })
        .png()
        .toBuffer();
      await createImage(handle.db, media, { title: 'Uploaded harbour photo', data: uploadedPhoto });
      const home = await handle.db
        .selectFrom('sites')
        .select('root_page_id')
        .where('is_default_site', '=', true)
        .executeTakeFirstOrThrow();
      await createPage(handle.db, {
        parentId: home.root_page_id,
        pageType: 'ExamplePage',
        title: 'Written before the backup',
        content: { body: [], confirmation_content: [] },
        publish: true,
      });
      await handle.close();
      original = await snapshot(config, media);
      archive = join(dataDir, 'site.tar.gz');
    });

    after(async () => {
      if (databaseName) await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await s3?.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('backs up, and after a wipe restores every page, revision and file', async () => {
      expect(original.pages.length).to.be.greaterThan(10);
      expect(original.revisions.length).to.be.greaterThan(10);
      expect(Object.keys(original.files).length).to.be.greaterThan(10);
      const uploaded = original.images.at(-1)!;

      const summary = await createBackup(config, archive);
      expect(summary.counts).to.deep.equal({
        pages: original.pages.length,
        revisions: original.revisions.length,
        images: original.images.length,
      });
      expect(summary.mediaFiles).to.equal(Object.keys(original.files).length);

      await wipe();
      const wiped = await media.read(uploaded.file);
      expect(wiped).to.equal(undefined);

      const restored = await restoreBackup(config, archive, { replace: false });
      expect(restored.counts.pages).to.equal(original.pages.length);
      const restoredState = await snapshot(config, media);
      expect(restoredState.pages).to.deep.equal(original.pages);
      expect(restoredState.revisions).to.deep.equal(original.revisions);
      expect(restoredState.images).to.deep.equal(original.images);
      expect(restoredState.files).to.deep.equal(original.files);
      expect(Buffer.compare((await media.read(uploaded.file))!, uploadedPhoto)).to.equal(0);
    });

    it('refuses a truncated or foreign archive with a clear reason and changes nothing', async () => {
      const truncated = join(dataDir, 'truncated.tar.gz');
      copyFileSync(archive, truncated);
      truncateSync(truncated, Math.floor(statSync(truncated).size * 0.6));
      const notAnArchive = join(dataDir, 'notes.txt');
      writeFileSync(notAnArchive, 'these are not the backups you are looking for');
      const cases: Array<[string, RegExp]> = [
        [truncated, /damaged or truncated|ends early/],
        [notAnArchive, /not a gzip file|damaged/],
        [join(dataDir, 'missing.tar.gz'), /there is no file/],
      ];
      for (const [file, reason] of cases) {
        let failure: unknown;
        await restoreBackup(config, file, { replace: true }).catch((error: unknown) => (failure = error));
        expect(failure, file).to.be.instanceOf(BadArchiveError);
        expect((failure as Error).message).to.match(reason);
      }
      expect(await snapshot(config, media)).to.deep.equal(original);
    });

    it('replaces a site that has content only when asked to', async () => {
      let failure: unknown;
      await restoreBackup(config, archive, { replace: false }).catch((error: unknown) => (failure = error));
      expect(failure).to.be.instanceOf(RestoreRefusedError);
      expect((failure as Error).message).to.match(/already has content.*--replace/);

      // A file added after the backup goes away with the replace; the site is the backup's again.
      await media.put('documents/after-backup.pdf', Buffer.from('%PDF-1.7'), { size: 8 });
      const restored = await restoreBackup(config, archive, { replace: true });
      expect(restored.removedMediaFiles).to.equal(1);
      const restoredState = await snapshot(config, media);
      expect(restoredState.pages).to.deep.equal(original.pages);
      expect(restoredState.files).to.deep.equal(original.files);
    });

    it('explains a bad archive from the command line and exits 1', function () {
      // The command is the same whatever the storage; the S3 variant alone runs it too.
      if (mediaDriver !== 'local' && MEDIA_DRIVERS.includes('local')) this.skip();
      const bad = join(dataDir, 'bad.tar.gz');
      writeFileSync(bad, readFileSync(archive).subarray(0, 4000));
      const env = { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: config.databaseUrl ?? '' };
      const result = spawnSync(
        process.execPath,
        [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/restore.ts', bad],
        { cwd: ROOT, env, encoding: 'utf8' },
      );
      expect(result.status).to.equal(1);
      expect(result.stderr).to.match(
        /^Cannot restore .*bad\.tar\.gz: it is damaged or truncated \(the file ends in the middle of its data\)\. Nothing was changed\./,
      );
    });
  });
}
