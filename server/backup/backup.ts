import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../config';
import { databaseTarget, openDatabase } from '../db';
import { consoleDatabaseLog } from '../database-watch';
import { openMediaStorage } from '../storage/open-media-storage';
import { createArchiveWriter, MANIFEST_ENTRY } from './archive';
import { appliedMigrations, countContent, type Counts } from './backup-repo';
import { dumpPglite, dumpPostgres } from './database-dump';

export const BACKUP_FORMAT = 'harborline-backup';
export const BACKUP_VERSION = 1;

export const POSTGRES_DUMP_ENTRY = 'database/postgres.dump';
export const PGLITE_DUMP_ENTRY = 'database/pglite-datadir.tar.gz';
export const MEDIA_PREFIX = 'media/';

export type Manifest = {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: 'postgres' | 'pglite';
  /** Migrations applied to the database when it was dumped. */
  migrations: string[];
  counts: Counts;
  media: { storage: string };
};

export type BackupSummary = Manifest & { file: string; mediaFiles: number; mediaBytes: number; archiveBytes: number };

/**
 * Writes one archive with the database and every media file. It is written beside its final
 * name and renamed at the end, so a file with the final name is always a whole backup.
 */
export async function createBackup(config: Config, file: string): Promise<BackupSummary> {
  if (!config.databaseUrl && !existsSync(join(config.dataDir, 'pglite', 'PG_VERSION'))) {
    throw new Error(
      `There is no embedded database in ${join(config.dataDir, 'pglite')} to back up (set DATABASE_URL for PostgreSQL, or DATA_DIR).`,
    );
  }
  const work = await mkdtemp(join(tmpdir(), 'harborline-backup-'));
  const partial = `${file}.partial`;
  const handle = openDatabase(databaseTarget(config.databaseUrl, config.dataDir), { log: consoleDatabaseLog });
  let writer: ReturnType<typeof createArchiveWriter> | undefined;
  try {
    const dumpFile = join(work, 'database.dump');
    const kind = config.databaseUrl ? 'postgres' : 'pglite';
    const counts = await countContent(handle.db);
    const migrations = await appliedMigrations(handle.db);
    if (config.databaseUrl) await dumpPostgres(config.databaseUrl, dumpFile);
    else await dumpPglite(handle.pglite!, dumpFile);

    const media = openMediaStorage(config.media);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      database: kind,
      migrations,
      counts,
      media: { storage: media.description },
    };
    writer = createArchiveWriter(partial);
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
    await writer.add(MANIFEST_ENTRY, manifestBytes.length, manifestBytes);
    await writer.add(
      kind === 'postgres' ? POSTGRES_DUMP_ENTRY : PGLITE_DUMP_ENTRY,
      (await stat(dumpFile)).size,
      createReadStream(dumpFile),
    );

    let mediaFiles = 0;
    let mediaBytes = 0;
    for await (const { key } of media.list()) {
      const object = await media.open(key);
      if (!object) continue; // deleted since it was listed
      await writer.add(MEDIA_PREFIX + key, object.size, object.body);
      mediaFiles += 1;
      mediaBytes += object.size;
    }
    await writer.finish();
    await rename(partial, file);
    return { ...manifest, file, mediaFiles, mediaBytes, archiveBytes: (await stat(file)).size };
  } catch (error) {
    writer?.abort();
    await rm(partial, { force: true });
    throw error;
  } finally {
    await handle.close();
    await rm(work, { recursive: true, force: true });
  }
}
