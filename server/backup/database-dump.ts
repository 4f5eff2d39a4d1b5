import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Database dumps for backups. PostgreSQL: pg_dump's custom format, restored through a SQL script
 * run in one transaction (the old schema is dropped inside it, so a failed restore changes
 * nothing). PGlite: its own data directory dump (dumpDataDir / loadDataDir).
 */

/** pg_dump, pg_restore, psql: the newest /usr/lib/postgresql/N/bin first (a dump needs a client at least as new as the server), then PATH. */
export function postgresTool(name: 'pg_dump' | 'pg_restore' | 'psql'): string {
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const candidate = join(base, version, 'bin', name);
      if (existsSync(candidate)) return candidate;
    }
  }
  return name;
}

/** The URL without its password (which goes to PGPASSWORD, so it never shows in `ps`). */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.href, env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'ENOENT'
            ? `${command} is not installed (it comes with the PostgreSQL client tools)`
            : `${command} could not start: ${error.message}`,
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command.split('/').pop()} failed: ${stderr.trim() || `exit code ${code}`}`)),
    );
  });
}

export async function dumpPostgres(url: string, file: string): Promise<void> {
  const { dbname, env } = connection(url);
  await run(
    postgresTool('pg_dump'),
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${dbname}`],
    env,
  );
}

/** Replaces the public schema with the dump's, all or nothing. */
export async function restorePostgres(url: string, dumpFile: string, workDir: string): Promise<void> {
  const script = join(workDir, 'restore.sql');
  // pg_restore without a database writes the SQL it would run; psql runs it in one transaction.
  await run(postgresTool('pg_restore'), ['--no-owner', '--no-privileges', `--file=${script}`, dumpFile], process.env);
  const { dbname, env } = connection(url);
  await run(
    postgresTool('psql'),
    [
      '--no-psqlrc',
      '--quiet',
      '--set=ON_ERROR_STOP=1',
      '--single-transaction',
      `--dbname=${dbname}`,
      '--command=DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;',
      `--file=${script}`,
    ],
    env,
  );
}

export async function dumpPglite(pglite: PGlite, file: string): Promise<void> {
  const dump = await pglite.dumpDataDir('gzip');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
}

/** Creates the embedded database in the empty folder `dataDir` from a dump, and checks it opens. */
export async function restorePglite(dataDir: string, dumpFile: string): Promise<void> {
  const pglite = new PGlite(dataDir, { loadDataDir: new Blob([await readFile(dumpFile)]) });
  try {
    await pglite.query('select count(*) from pages');
  } finally {
    await pglite.close();
  }
}
