import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A PostgreSQL server of the test's own, in a temporary directory (initdb + pg_ctl), so a test
 * can stop and restart it without touching the machine's shared server. PostgreSQL refuses to
 * run as root, so under root the commands run as the `postgres` system user.
 */
export type PostgresInstance = {
  url: string;
  port: number;
  /** Stops the server (fast shutdown: sessions are terminated, as in a real restart). */
  stop(): void;
  start(): void;
  /** Stops it for good and deletes its files. */
  destroy(): void;
  logFile: string;
};

/** Why no private instance can run here, or undefined when one can. */
export function postgresUnavailableReason(): string | undefined {
  if (!binDir()) return 'no PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql/*/bin';
  if (process.getuid?.() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0)
    return 'running as root without a postgres system user to run the server as';
  return undefined;
}

function binDir(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = join(base, version, 'bin');
    if (existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return dir;
  }
  return undefined;
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

export async function startPostgresInstance(): Promise<PostgresInstance> {
  const bin = binDir();
  if (!bin) throw new Error(postgresUnavailableReason());
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'harborline-pg-'));
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, command), ...args]]
      : [join(bin, command), args];
    const result = spawnSync(file, argv, { encoding: 'utf8', timeout: 60_000 });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  let running = false;
  const instance: PostgresInstance = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    logFile,
    start() {
      run('pg_ctl', ['-D', dataDir, '-o', options, '-l', logFile, '-w', '-t', '60', 'start']);
      running = true;
    },
    stop() {
      run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
      running = false;
    },
    destroy() {
      try {
        if (running) run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        running = false;
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  instance.start();
  return instance;
}
