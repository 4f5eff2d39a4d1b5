import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseTarget, openDatabase } from '../server/db';
import { moveLocalSitesToPort } from '../server/modules/sites/repo';
import { backendsVcl } from './stack/backends-vcl';
import { stackSettings } from './stack/settings';
import { ensureVarnish, VARNISHD } from './stack/varnish-install';

/**
 * `npm run stack`: the production shape on this machine. The release phase (migrations, the seed
 * on an empty database), then STACK_DYNOS web dynos (each its own process and port) on one
 * PostgreSQL, then Varnish (deploy/varnish/default.vcl) on STACK_PORT in front of them, the dynos'
 * CDN purge hook pointed at it. SIGINT/SIGTERM stop everything it started.
 */
const ROOT = join(import.meta.dirname, '..');
const VCL_DIR = join(ROOT, 'deploy', 'varnish');
const READY_TIMEOUT_MS = 90_000;

function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

const settings = stackSettings(process.env);
if ('error' in settings) fail(settings.error);
const missing = ensureVarnish();
if (missing) fail(missing);
for (const port of [settings.port, ...settings.dynoPorts])
  if (!(await portFree(port)))
    fail(
      `port ${port} is already in use: set STACK_PORT (the edge) and STACK_DYNO_PORT (the first of ${settings.dynoPorts.length} dyno ports) to free ones`,
    );

const fromSource = settings.fromSource;
if (!fromSource && !existsSync(join(ROOT, 'dist', 'server', 'main.js'))) {
  console.log('dist/ is missing: building it (npm run build)...');
  if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) fail('The build failed.');
}
const entry = (name: 'main' | 'release') =>
  fromSource ? ['--import', 'tsx', `server/${name}.ts`] : [`dist/server/${name}.js`];

const purgeSecret = settings.purgeSecret ?? randomBytes(24).toString('hex');
const dynoEnv: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: settings.databaseUrl,
  // Sessions live in the database; the cookie's signature must be the same on every dyno.
  SESSION_SECRET: settings.sessionSecret ?? randomBytes(32).toString('hex'),
  WEB_CONCURRENCY: '1',
  // Varnish is the one proxy in front: X-Forwarded-For is read from it.
  TRUST_PROXY: '1',
  CDN_PURGE_URL: `http://127.0.0.1:${settings.port}/_edge/purge/`,
  CDN_PURGE_SECRET: purgeSecret,
};

const children: ChildProcess[] = [];
let stopping = false;
const workDir = mkdtempSync(join(tmpdir(), 'harborline-stack-'));

async function stopAll(code: number): Promise<never> {
  stopping = true;
  const live = children.filter((child) => child.exitCode === null && child.signalCode === null);
  const exits = live.map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of live) child.kill('SIGTERM');
  const late = setTimeout(() => live.forEach((child) => child.kill('SIGKILL')), 15_000);
  await Promise.all(exits);
  clearTimeout(late);
  rmSync(workDir, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

// The release phase, as the Procfile's `release:` runs it before new dynos start.
const release = spawnSync(process.execPath, entry('release'), { cwd: ROOT, env: dynoEnv, stdio: 'inherit' });
if (release.status !== 0) {
  console.error('The release phase (migrations, seed) failed: see above.');
  await stopAll(1);
}

{
  const database = openDatabase(databaseTarget(settings.databaseUrl, workDir));
  const moved = await moveLocalSitesToPort(database.db, settings.port);
  await database.close();
  if (moved > 0) console.log(`sites on localhost now answer on port ${settings.port} (${moved} moved)`);
}

const prefixed = (child: ChildProcess, label: string) => {
  const relay = (to: NodeJS.WriteStream) => (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line) to.write(`[${label}] ${line}\n`);
  };
  child.stdout?.on('data', relay(process.stdout));
  child.stderr?.on('data', relay(process.stderr));
};

// The edge first: the dynos' purges find it from their first write; its probes find them as they come up.
writeFileSync(join(workDir, 'backends.vcl'), backendsVcl(settings.dynoPorts));
const varnish = spawn(
  VARNISHD,
  [
    '-F',
    '-j',
    'none',
    '-n',
    join(workDir, 'varnish'),
    '-a',
    `:${settings.port}`,
    '-f',
    join(VCL_DIR, 'default.vcl'),
    '-p',
    `vcl_path=${workDir}:${VCL_DIR}`,
    '-s',
    'malloc,256m',
    // Each coding held as the dyno sent it (default.vcl's vcl_recv): no gunzip per hit.
    '-p',
    'http_gzip_support=off',
  ],
  { cwd: workDir, env: { ...process.env, EDGE_PURGE_SECRET: purgeSecret }, stdio: ['ignore', 'pipe', 'pipe'] },
);
children.push(varnish);
prefixed(varnish, 'varnish');
varnish.once('exit', (code, signal) => {
  if (stopping) return;
  console.error(`varnishd exited (${signal ?? `code ${code}`}): stopping the stack`);
  void stopAll(1);
});
const dynos = settings.dynoPorts.map((port, index) => {
  const child = spawn(process.execPath, entry('main'), {
    cwd: ROOT,
    env: { ...dynoEnv, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  prefixed(child, `dyno ${index + 1}`);
  // A dyno's death is what the edge is for: the others carry on; the stack stays up.
  child.once('exit', (code, signal) => {
    if (!stopping) console.log(`dyno ${index + 1} exited (${signal ?? `code ${code}`})`);
  });
  return { child, port, number: index + 1 };
});
for (const dyno of dynos) {
  await untilAnswers(dyno.port, () => dyno.child.exitCode !== null || dyno.child.signalCode !== null);
  console.log(`dyno ${dyno.number}: pid ${dyno.child.pid} port ${dyno.port}`);
}

await untilAnswers(settings.port, () => varnish.exitCode !== null);
console.log(`stack ready: http://localhost:${settings.port}/`);

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '0.0.0.0', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** Until GET /api/ht/ on the port answers 200 (through Varnish: until a probe found a dyno healthy). */
async function untilAnswers(port: number, gone: () => boolean): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (gone()) {
      console.error(`the process on port ${port} exited before it answered: see its lines above`);
      await stopAll(1);
    }
    if ((await status(port)) === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  console.error(`nothing answered on port ${port} within ${READY_TIMEOUT_MS / 1000} s`);
  await stopAll(1);
}

function status(port: number): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/ht/', timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
    req.on('timeout', () => req.destroy());
  });
}
