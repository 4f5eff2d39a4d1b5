import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import pg from 'pg';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type DatabaseHandle } from '../../server/db';
import { createLogger } from '../../server/logger';
import { findLivePage, updatePage } from '../../server/modules/pages/repo';
import { loadAssetManifest } from '../../server/ssr/assets';
import { serverEntryArgs } from '../../scripts/server-bundle';
import { seededPostgresSite } from '../helpers/seeded-data-dir';
import { get, waitFor } from '../helpers/server-process';

/**
 * Two dynos on one PostgreSQL database: a second process (the real entry point) caches a page;
 * a write through this process reaches its cache over LISTEN/NOTIFY in under a second.
 */
describe('page cache across processes', function () {
  this.timeout(240_000);
  const adminUrl = process.env.TEST_DATABASE_URL;
  const name = `harborline_dynos_${process.pid}_${randomBytes(4).toString('hex')}`;
  const port = 3126;
  let child: { baseUrl: string; kill(): void; exited: Promise<unknown> } | undefined;
  let handle: DatabaseHandle | undefined;
  let dataDir = '';

  before(function () {
    if (process.env.TEST_DB !== 'postgres' || !adminUrl) this.skip();
  });

  after(async () => {
    child?.kill();
    if (child) await child.exited;
    await handle?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
    if (adminUrl && process.env.TEST_DB === 'postgres') {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });

  it('shows a publish on one process to the other within a second', async () => {
    // A copy of the seeded template (database and media): the second dyno (the real entry point)
    // then only starts, as a redeploy's would.
    const copy = await seededPostgresSite(adminUrl!, name);
    const url = copy.url;
    dataDir = copy.dataDir;
    handle = openDatabase({ kind: 'postgres', url, poolSize: 3 });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      ADMIN_PASSWORD: 'test-admin-password',
    });
    // One process (tsx as a loader, not its CLI, which would leave a grandchild behind on kill).
    const spawned = spawn(process.execPath, serverEntryArgs(), {
      cwd: join(import.meta.dirname, '..', '..'),
      env: {
        ...process.env,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        DATABASE_URL: url,
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise((resolve) => spawned.once('exit', resolve));
    child = { baseUrl: `http://127.0.0.1:${port}`, kill: () => spawned.kill('SIGKILL'), exited };
    await waitFor(
      async () => (await get(`${child!.baseUrl}/api/ht/`).catch(() => ({ status: 0 }))).status === 200,
      200_000,
      'the second process to start',
    );

    // This process's app subscribes to the cache channel too (its own cache is invalidated as well).
    createApp({ config, db: handle.db, logger: createLogger('silent'), assets: loadAssetManifest() });

    const site = await handle.db
      .selectFrom('sites')
      .select(['hostname', 'port'])
      .where('is_default_site', '=', true)
      .executeTakeFirstOrThrow();
    const headers = { Host: `${site.hostname}:${site.port}` };
    const page = (await findLivePage(handle.db, '/home/about/', '0001'))!;
    await get(`${child.baseUrl}/about/`, { headers });
    const cached = await get(`${child.baseUrl}/about/`, { headers });
    expect(cached.headers['x-cache']).to.equal('HIT');

    const title = `Our Story ${randomBytes(3).toString('hex')}`;
    await updatePage(handle.db, page.id, { title });
    const saved = Date.now();
    let seenAfter = -1;
    while (Date.now() - saved < 3000) {
      const answer = await get(`${child.baseUrl}/about/`, { headers });
      if (answer.body.includes(title)) {
        seenAfter = Date.now() - saved;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seenAfter, 'the other process shows the new title').to.be.at.least(0);
    expect(seenAfter).to.be.below(1000);
    // And it is cached again there (once the write has settled there too: a second).
    const other = child.baseUrl;
    await waitFor(
      async () => (await get(`${other}/about/`, { headers })).headers['x-cache'] === 'HIT',
      10_000,
      'the other process to cache the page again',
    );
  });

  it("shows a publish to the other process's uncached renders within a second (its memo of the pages table)", async function () {
    if (!child || !handle) this.skip();
    // A cookie keeps the page cache out: these are renders, which read the memo (server/cache/table-memo.ts).
    const site = await handle!.db
      .selectFrom('sites')
      .select(['hostname', 'port'])
      .where('is_default_site', '=', true)
      .executeTakeFirstOrThrow();
    const missHeaders = { Host: `${site.hostname}:${site.port}`, Cookie: 'bench=1' };
    const page = (await findLivePage(handle!.db, '/home/about/', '0001'))!;
    for (let i = 0; i < 2; i++)
      expect((await get(`${child!.baseUrl}/about/`, { headers: missHeaders })).body).to.include(page.title);

    const title = `Our Story ${randomBytes(3).toString('hex')}`;
    await updatePage(handle!.db, page.id, { title });
    const saved = Date.now();
    let seenAfter = -1;
    while (Date.now() - saved < 3000) {
      const answer = await get(`${child!.baseUrl}/about/`, { headers: missHeaders });
      expect(answer.headers['x-cache']).to.not.equal('HIT');
      if (answer.body.includes(title)) {
        seenAfter = Date.now() - saved;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seenAfter, 'the other process renders the new title').to.be.at.least(0);
    expect(seenAfter).to.be.below(1000);
  });
});
