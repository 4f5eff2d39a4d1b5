import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';

const ROOT = join(import.meta.dirname, '..', '..');
const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe('the server process', function () {
  this.timeout(60_000);
  // The process tests start the real entry point on the embedded database only.
  before(function () {
    if (process.env.TEST_DB === 'postgres') this.skip();
  });

  it('stops at start-up with one line naming an invalid variable', () => {
    const result = spawnSync(process.execPath, [TSX, 'server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'development', PORT: 'not-a-port' },
      encoding: 'utf8',
    });
    expect(result.status).to.equal(1);
    expect(result.stderr.trim()).to.match(/^Invalid environment variable PORT: /);
    expect(result.stderr.trim().split('\n')).to.have.length(1);
  });

  it('serves, then finishes and exits cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'harborline-process-'));
    const port = await freePort();
    const child = spawn(process.execPath, [TSX, 'server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'development', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    try {
      let healthy = false;
      for (let i = 0; i < 150 && !healthy; i++) {
        healthy = await fetch(`http://127.0.0.1:${port}/api/ht/`).then((r) => r.ok).catch(() => false);
        if (!healthy) await new Promise((r) => setTimeout(r, 200));
      }
      expect(healthy, output).to.equal(true);
      const home = await fetch(`http://127.0.0.1:${port}/`);
      expect(home.status).to.equal(200);
      expect(output).to.include('Staff login');
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).to.equal(0);
      expect(output).to.include('"msg":"stopped"');
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
