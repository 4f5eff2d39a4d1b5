import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/**
 * PGlite is one process's database and takes no lock of its own: a second process opening the
 * same folder (a backup, a restore, a second server) would corrupt it. `DIR.lock` holds the pid
 * of the process using it; a lock whose process is gone is taken over.
 */
export function lockEmbeddedDatabase(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  const holder = embeddedDatabaseHolder(dataDir);
  if (holder !== undefined && holder !== process.pid) {
    throw new Error(
      `The embedded database in ${dataDir} is in use by process ${holder}: stop that process (the server?) first, since the embedded database serves one process at a time.`,
    );
  }
  writeFileSync(file, String(process.pid));
  return () => {
    if (embeddedDatabaseHolder(dataDir) === process.pid) rmSync(file, { force: true });
  };
}

/** The pid of the live process holding the embedded database in `dataDir`, if any. */
export function embeddedDatabaseHolder(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(`${dataDir}.lock`, 'utf8'), 10);
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; it still holds the database.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}
