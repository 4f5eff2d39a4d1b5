import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

export type ThrowawayPostgres = {
  url: string;
  /** Stops the server (fast shutdown: sessions are cut, as in a restart), waits `downMs`, starts it again. */
  restart(downMs: number): Promise<{ stoppedAt: number; startedAt: number }>;
  remove(): void;
};

/** The directory of PostgreSQL's server programs: pg_config's, else Debian's newest. */
function binDir(): string {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    if (existsSync(join(dir, 'initdb'))) return dir;
  } catch {
    // no pg_config on PATH
  }
  for (const version of ['17', '16', '15', '14'])
    if (existsSync(`/usr/lib/postgresql/${version}/bin/initdb`)) return `/usr/lib/postgresql/${version}/bin`;
  throw new Error('no PostgreSQL server programs (initdb, pg_ctl) found: apt-get install postgresql');
}

/**
 * A PostgreSQL cluster of its own in a temporary directory on `port`, for a bench that restarts
 * it: never the machine's shared server. As root, it runs as the `postgres` user (initdb refuses root).
 */
export function startThrowawayPostgres(port: number): ThrowawayPostgres {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'harborline-pg-'));
  const data = join(dir, 'data');
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const user = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const group = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, user, group);
    chmodSync(dir, 0o700);
  }
  const command = (program: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]] : [join(bin, program), args];
  const run = (program: string, args: string[]) => {
    const result = spawnSync(...command(program, args), { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${program} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  };
  // While load runs in this process: without blocking its event loop.
  const runAsync = (program: string, args: string[]) =>
    new Promise<void>((resolve, reject) =>
      execFile(...command(program, args), (error, stdout, stderr) =>
        error ? reject(new Error(`${program} failed: ${stdout}${stderr}`)) : resolve(),
      ),
    );
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const pgCtlArgs = (action: 'start' | 'stop') =>
    action === 'start'
      ? [
          '-D',
          data,
          '-l',
          join(dir, 'log'),
          '-w',
          '-o',
          `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`,
          'start',
        ]
      : ['-D', data, '-m', 'fast', '-w', 'stop'];
  run('pg_ctl', pgCtlArgs('start'));
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart(downMs) {
      await runAsync('pg_ctl', pgCtlArgs('stop'));
      const stoppedAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await runAsync('pg_ctl', pgCtlArgs('start'));
      return { stoppedAt, startedAt: Date.now() };
    },
    remove() {
      try {
        run('pg_ctl', pgCtlArgs('stop'));
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
