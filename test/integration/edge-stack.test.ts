import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { expect } from 'chai';
import { createApp } from '../../server/app';
import { CDN_PURGE_JOB, cdnPurgeHandler } from '../../server/cache/cdn-purge';
import { loadConfig } from '../../server/config';
import { openDatabase, type DatabaseHandle } from '../../server/db';
import { createLogger } from '../../server/logger';
import { startJobRunner } from '../../server/modules/jobs/runner';
import { findLivePage, updatePage } from '../../server/modules/pages/repo';
import { loadAssetManifest } from '../../server/ssr/assets';
import { childNamed, varnishWorkDir } from '../../scripts/bench/stack-process';
import { varnishPresent } from '../../scripts/stack/varnish-install';
import { adminQuery } from '../helpers/database-templates';
import { freePort } from '../helpers/postgres-instance';
import { seededPostgresSite } from '../helpers/seeded-data-dir';
import { ensureServerBundle } from '../../scripts/server-bundle';
import { get, waitFor, type Answer } from '../helpers/server-process';

/**
 * The production shape on this machine (`npm run stack`): Varnish with deploy/varnish/default.vcl
 * in front of two dynos on a throw-away copy of the seeded PostgreSQL database. Caching, the pass
 * rules, the purge's secret, a publish reaching the edge within 2 s, a dyno's death, and grace (held
 * pages served stale) once no dyno is left.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const SECRET = randomBytes(16).toString('hex');

describe('edge stack (Varnish in front of two dynos)', function () {
  this.timeout(120_000);
  const adminUrl = process.env.TEST_DATABASE_URL;
  const name = `harborline_test_${process.pid}_edge_${randomBytes(3).toString('hex')}`;
  let stack: ChildProcess | undefined;
  let stackExited: Promise<unknown> | undefined;
  let output = '';
  let dataDir = '';
  let url = '';
  let edge = '';
  let host = '';
  let handle: DatabaseHandle | undefined;
  let jobs: { stop(): Promise<void> } | undefined;

  const through = (path: string, headers: Record<string, string> = {}): Promise<Answer> =>
    get(`${edge}${path}`, { headers: { Host: host, ...headers } });
  /** Varnish's X-Varnish holds one id on a fetch, two (this request's and the object's) on a hit. */
  const hit = (answer: Answer) => String(answer.headers['x-varnish']).trim().split(/\s+/).length === 2;

  before(async function () {
    if (process.env.TEST_DB !== 'postgres' || !adminUrl) return this.skip(); // PostgreSQL only: several dynos share one database
    if (!varnishPresent()) return this.skip(); // no varnishd with xkey on this machine (apt-get install varnish varnish-modules)
    // The dynos run dist/server/main.js, as in production.
    ensureServerBundle();
    ({ url, dataDir } = await seededPostgresSite(adminUrl, name));
    const edgePort = await freePort();
    const dynoPort = await twoFreePorts();
    edge = `http://127.0.0.1:${edgePort}`;
    host = `localhost:${edgePort}`;
    stack = spawn(process.execPath, ['--import', 'tsx', 'scripts/stack.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        STACK_PORT: String(edgePort),
        STACK_DYNOS: '2',
        STACK_DYNO_PORT: String(dynoPort),
        STACK_FROM_SOURCE: '0',
        EDGE_PURGE_SECRET: SECRET,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    stack.stdout!.on('data', (chunk) => (output += chunk));
    stack.stderr!.on('data', (chunk) => (output += chunk));
    stackExited = new Promise((resolve) => stack!.once('exit', resolve));
    await waitFor(
      async () => {
        if (stack!.exitCode !== null) throw new Error(`the stack stopped:\n${output}`);
        return output.includes('stack ready:');
      },
      90_000,
      'the stack to be ready',
    );
  });

  after(async () => {
    await jobs?.stop();
    await handle?.close();
    if (stack && stack.exitCode === null) {
      stack.kill('SIGTERM');
      await stackExited;
    }
    if (adminUrl && url) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  });

  it('prints each dyno and the edge', () => {
    expect(output).to.match(/^dyno 1: pid \d+ port \d+$/m);
    expect(output).to.match(/^dyno 2: pid \d+ port \d+$/m);
    expect(output).to.match(/^stack ready: http:\/\/localhost:\d+\/$/m);
  });

  it('fetches a public page once, then answers it from the edge', async () => {
    const first = await through('/locations/');
    expect(first.status).to.equal(200);
    expect(hit(first), 'first request is a fetch').to.equal(false);
    const second = await through('/locations/');
    expect(second.status).to.equal(200);
    expect(hit(second), 'second request is a hit').to.equal(true);
    expect(second.headers['x-cache']).to.equal('HIT');
    expect(Number(second.headers.age)).to.be.at.least(0);
  });

  it('answers each Accept-Encoding from a held copy in a coding it accepts (br;q=0 never gets br)', async () => {
    const codings = [
      { accept: undefined, expected: undefined },
      { accept: 'gzip, deflate', expected: 'gzip' },
      { accept: 'gzip, deflate, br', expected: ['br', 'gzip'] },
      { accept: 'br;q=0, gzip', expected: 'gzip' },
    ];
    for (const { accept, expected } of codings) {
      const headers: Record<string, string> = accept ? { 'Accept-Encoding': accept } : {};
      await through('/block-gallery/', headers);
      const held = await through('/block-gallery/', headers);
      expect(held.status).to.equal(200);
      expect(hit(held), `a hit for ${accept ?? 'no Accept-Encoding'}`).to.equal(true);
      const coding = held.headers['content-encoding'];
      if (Array.isArray(expected)) expect(expected).to.include(coding);
      else expect(coding, `coding for ${accept ?? 'no Accept-Encoding'}`).to.equal(expected);
    }
    expect((await through('/block-gallery/')).body).to.include('</html>');
  });

  it('passes the back office and requests with a session cookie', async () => {
    await through('/');
    for (const answer of [
      await through('/wagtail/login/'),
      await through('/wagtail/login/'),
      await through('/', { Cookie: 'sessionid=someone' }),
      await through('/', { Cookie: 'sessionid=someone' }),
    ]) {
      expect(answer.status).to.be.below(500);
      expect(hit(answer)).to.equal(false);
    }
    expect(hit(await through('/')), 'the page itself is still held').to.equal(true);
  });

  it('refuses a purge without the secret or with a wrong one', async () => {
    await through('/');
    const none = await through('/_edge/purge/', { 'Surrogate-Key': 'all' });
    const wrong = await through('/_edge/purge/', { 'Surrogate-Key': 'all', 'X-Purge-Secret': 'not-the-secret' });
    expect(none.status).to.equal(403);
    expect(wrong.status).to.equal(403);
    expect(hit(await through('/')), 'nothing was purged').to.equal(true);
  });

  it('shows a publish at the edge within 2 s (the purge job, by Surrogate-Key)', async () => {
    // A third dyno's worth of the app in this process, on the same database, publishing.
    handle = openDatabase({ kind: 'postgres', url, poolSize: 3 });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      CDN_PURGE_URL: `${edge}/_edge/purge/`,
      CDN_PURGE_SECRET: SECRET,
    });
    createApp({ config, db: handle.db, logger: createLogger('silent'), assets: loadAssetManifest() });
    jobs = startJobRunner({
      db: handle.db,
      handlers: new Map([[CDN_PURGE_JOB, cdnPurgeHandler({ url: config.cdnPurgeUrl!, secret: SECRET })]]),
      logger: createLogger('silent'),
      intervalMs: 60_000,
    });
    await through('/about/');
    expect(hit(await through('/about/'))).to.equal(true);

    const page = (await findLivePage(handle.db, '/home/about/', '0001'))!;
    const title = `Our Story ${randomBytes(3).toString('hex')}`;
    await updatePage(handle.db, page.id, { title });
    const saved = Date.now();
    let seenAfter = -1;
    while (Date.now() - saved < 4000) {
      if ((await through('/about/')).body.includes(title)) {
        seenAfter = Date.now() - saved;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seenAfter, 'the edge shows the new title').to.be.at.least(0);
    expect(seenAfter).to.be.below(2000);
  });

  it('answers through the other dyno when one is killed', async () => {
    const pid = Number(/^dyno 1: pid (\d+)/m.exec(output)![1]);
    process.kill(pid, 'SIGKILL');
    const statuses: number[] = [];
    // Passed requests (a session cookie) reach a dyno every time: half of them the dead one's turn.
    for (let i = 0; i < 12; i += 1) statuses.push((await through('/', { Cookie: `sessionid=visitor${i}` })).status);
    expect(
      statuses.every((status) => status === 200),
      `statuses ${statuses.join(',')}`,
    ).to.equal(true);
    expect(output).to.match(/dyno 1 exited \(SIGKILL\)/);
  });

  it('serves what it holds from grace while no dyno is healthy, and 503 with Retry-After for the rest', async () => {
    const held = await through('/locations/');
    expect(held.status).to.equal(200);
    const pid = Number(/^dyno 2: pid (\d+)/m.exec(output)![1]);
    process.kill(pid, 'SIGKILL');
    // Until Varnish's own probes call both sick (not just a failed connection): the grace of a
    // healthy director is 20 s, the one tested here is the hours for when none is.
    const varnishDir = varnishWorkDir(childNamed(stack!.pid!, 'varnishd')!);
    const dynosSick = () => {
      const list = execFileSync('varnishadm', ['-n', varnishDir, 'backend.list'], { encoding: 'utf8' });
      const dynos = list.split('\n').filter((line) => /^\S+\.dyno\d+\s/.test(line));
      return dynos.length === 2 && dynos.every((line) => /\ssick\s/.test(line));
    };
    await waitFor(async () => dynosSick(), 15_000, 'the probes to find no dyno healthy');
    // A soft purge leaves every object stale (past its TTL, within its grace): what comes now is grace.
    const purge = await through('/_edge/purge/', {
      'X-Purge-Secret': SECRET,
      'Surrogate-Key': 'all',
      'X-Purge-Soft': '1',
    });
    expect(purge.status).to.equal(200);
    for (let i = 0; i < 5; i++) {
      const stale = await through('/locations/');
      expect(stale.status, 'a held page, stale, with no dyno up').to.equal(200);
      expect(stale.body).to.equal(held.body);
    }
    const never = await through('/a-page-the-edge-never-held/');
    expect(never.status).to.equal(503);
    expect(never.headers['retry-after']).to.equal('5');
    const staff = await through('/wagtail/login/');
    expect(staff.status).to.equal(503);
    expect(staff.headers['retry-after']).to.equal('5');
  });
});

/** A port whose next port is free too (the stack's two dynos take consecutive ports). */
async function twoFreePorts(): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (port < 65535 && (await free(port + 1))) return port;
  }
}

function free(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
