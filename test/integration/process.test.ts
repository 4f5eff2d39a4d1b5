import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { expect } from 'chai';
import { adminQuery } from '../helpers/database-templates';
import { seededDataDir, seededPostgresSite } from '../helpers/seeded-data-dir';
import { serverEntryArgs } from '../../scripts/server-bundle';
import { startServerProcess } from '../helpers/server-process';

const ROOT = join(import.meta.dirname, '..', '..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/**
 * Runs the entry point on a port another server holds; resolves with its exit code and output.
 * Its DATA_DIR: `dataDir`, else the seeded embedded database's; removed at the end.
 */
async function startOnTakenPort(env: Record<string, string>, dataDir?: string) {
  const taken = createServer();
  const port = await new Promise<number>((resolve) =>
    taken.listen(0, () => resolve((taken.address() as { port: number }).port)),
  );
  dataDir ??= await seededDataDir();
  const server = startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', ...env }, port);
  try {
    // A start-up that never ends (workers forked again and again) fails here, not at mocha's timeout.
    const gaveUp = new Promise<{ code: null }>((resolve) => setTimeout(() => resolve({ code: null }), 120_000).unref());
    const { code } = await Promise.race([server.exited, gaveUp]);
    return { port, code, output: server.output(), messages: server.logLines().map((line) => String(line.msg)) };
  } finally {
    server.kill();
    taken.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('the server process', function () {
  this.timeout(180_000); // first start migrates and seeds the whole demo site
  // The process tests start the real entry point on the embedded database only.
  before(function () {
    if (process.env.TEST_DB === 'postgres') this.skip();
  });

  it('stops at start-up with one line naming an invalid variable', () => {
    const result = spawnSync(process.execPath, serverEntryArgs(), {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'development', PORT: 'not-a-port' },
      encoding: 'utf8',
    });
    expect(result.status).to.equal(1);
    expect(result.stderr.trim()).to.match(/^Invalid environment variable PORT: /);
    expect(result.stderr.trim().split('\n')).to.have.length(1);
  });

  /**
   * Starts server/main.ts on a free port and its own embedded database (empty, so the process
   * migrates and seeds it, or a copy of the seeded template); resolves once it is healthy.
   */
  async function startServer(env: Record<string, string>, database: 'empty' | 'seeded' = 'seeded') {
    const dataDir = database === 'empty' ? mkdtempSync(join(tmpdir(), 'harborline-process-')) : await seededDataDir();
    const port = await freePort();
    const child = spawn(process.execPath, serverEntryArgs(), {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = {
      port,
      output: '',
      stop: async () => {
        const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
        child.kill('SIGTERM');
        return exited;
      },
      cleanUp: () => {
        child.kill('SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
    child.stdout.on('data', (chunk) => (server.output += chunk));
    child.stderr.on('data', (chunk) => (server.output += chunk));
    let healthy = false;
    for (let i = 0; i < 600 && !healthy; i++) {
      healthy = await fetch(`http://127.0.0.1:${port}/api/ht/`)
        .then((r) => r.ok)
        .catch(() => false);
      if (!healthy) await new Promise((r) => setTimeout(r, 200));
    }
    if (!healthy) {
      server.cleanUp();
      throw new Error(`the server did not become healthy:\n${server.output}`);
    }
    return server;
  }

  it('serves, then finishes and exits cleanly on SIGTERM, logging one readable line per request in development', async () => {
    // The one start from an empty directory: it migrates, seeds and prints the staff login.
    const server = await startServer({ NODE_ENV: 'development' }, 'empty');
    try {
      const home = await fetch(`http://127.0.0.1:${server.port}/`);
      expect(home.status).to.equal(200);
      expect(server.output).to.include('Staff login');
      expect(await server.stop()).to.equal(0);
      expect(server.output).to.match(/^\[[\d:.]+\] INFO: request completed: GET \/ -> 200 in \d+ ms$/m);
      expect(server.output).to.match(/^\[[\d:.]+\] INFO: stopped$/m);
      expect(server.output, 'no JSON lines in development').not.to.match(/^\{"level"/m);
    } finally {
      server.cleanUp();
    }
  });

  it('stops with exit code 1 and one line saying the port is taken, never claiming to listen', async () => {
    const { port, code, output, messages } = await startOnTakenPort({});
    expect(code, output).to.equal(1);
    expect(messages).to.include(
      `cannot listen: port ${port} is already in use: stop the other server or set PORT to a free port`,
    );
    expect(messages.some((message) => message.startsWith('listening on'))).to.equal(false);
  });

  it('logs JSON, one object per line, in production', async () => {
    const server = await startServer({
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(32),
      ADMIN_PASSWORD: 'a-production-password',
    });
    try {
      expect((await fetch(`http://127.0.0.1:${server.port}/locations/`)).status).to.equal(200);
      expect(await server.stop()).to.equal(0);
      const lines = server.output.trim().split('\n');
      const entries = lines.map(
        (line) =>
          JSON.parse(line) as { msg: string; req?: { method: string; url: string }; res?: { statusCode: number } },
      );
      const request = entries.find((entry) => entry.req?.url === '/locations/');
      expect(request).to.include({ msg: 'request completed' });
      expect(request!.res!.statusCode).to.equal(200);
      expect(entries.at(-1)!.msg).to.equal('stopped');
    } finally {
      server.cleanUp();
    }
  });
});

// Several workers need PostgreSQL: this runs in the PostgreSQL phase, the rest on the embedded database.
describe('the server process on PostgreSQL', function () {
  this.timeout(180_000);
  before(function () {
    if (process.env.TEST_DB !== 'postgres' || !process.env.TEST_DATABASE_URL) this.skip();
  });

  it('with several workers on PostgreSQL, stops when the port is taken instead of starting workers again and again', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    const name = `harborline_taken_port_${process.pid}`;
    // A copy of the seeded template: the workers start as a redeploy's would, without seeding.
    const { url, dataDir } = await seededPostgresSite(adminUrl!, name);
    try {
      const { code, output, messages } = await startOnTakenPort({ WEB_CONCURRENCY: '2', DATABASE_URL: url }, dataDir);
      expect(code, output).to.equal(1);
      expect(messages).to.include('a worker failed to start; stopping');
      expect(messages).not.to.include('worker died; starting another');
    } finally {
      await adminQuery(adminUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });
});
