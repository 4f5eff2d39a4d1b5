import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { migrations as knownMigrations } from '../../migrations/index';
import type { Config } from '../config';
import { embeddedDatabaseHolder } from '../database-lock';
import { consoleDatabaseLog } from '../database-watch';
import { databaseTarget, migrateToLatest, openDatabase, type DatabaseHandle } from '../db';
import type { MediaStorage } from '../storage/media-storage';
import { openMediaStorage } from '../storage/open-media-storage';
import { BadArchiveError, entryPath, extractArchive, MANIFEST_ENTRY } from './archive';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  MEDIA_PREFIX,
  PGLITE_DUMP_ENTRY,
  POSTGRES_DUMP_ENTRY,
  type Manifest,
} from './backup';
import { countContent, hasPagesTable, type Counts } from './backup-repo';
import { restorePglite, restorePostgres } from './database-dump';

/** The restore was refused before anything changed; the message says why and what to do. */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

export type RestoreSummary = {
  manifest: Manifest;
  counts: Counts;
  mediaFiles: number;
  removedMediaFiles: number;
  keptOldDatabase?: string;
};

/**
 * Restores a backup made by createBackup: the database and the media files. The archive is read
 * and checked whole first; a bad archive, a backup of the other kind of database, or a target
 * that already has content (without `replace`) changes nothing.
 */
export async function restoreBackup(
  config: Config,
  file: string,
  options: { replace: boolean },
): Promise<RestoreSummary> {
  const work = await mkdtemp(join(tmpdir(), 'harborline-restore-'));
  try {
    await extractArchive(file, work);
    const manifest = readManifest(JSON.parse(await readFile(entryPath(work, MANIFEST_ENTRY), 'utf8')) as unknown);
    const kind = config.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.database !== kind) {
      throw new RestoreRefusedError(
        manifest.database === 'postgres'
          ? 'This backup holds a PostgreSQL database: restore it with DATABASE_URL set to the PostgreSQL database to fill.'
          : 'This backup holds the embedded (PGlite) database: restore it without DATABASE_URL, into DATA_DIR.',
      );
    }
    const unknown = manifest.migrations.filter((name) => !(name in knownMigrations));
    if (unknown.length)
      throw new RestoreRefusedError(
        `This backup comes from a newer version of the site (it has migration ${unknown[0]}, which this version does not know): restore it with that version.`,
      );

    const media = openMediaStorage(config.media);
    const archived = listMedia(work);
    await refuseNonEmptyTarget(config, media, options.replace);

    let keptOldDatabase: string | undefined;
    if (kind === 'postgres') await restorePostgres(config.databaseUrl!, entryPath(work, POSTGRES_DUMP_ENTRY), work);
    else
      keptOldDatabase = await replaceEmbeddedDatabase(
        join(config.dataDir, 'pglite'),
        entryPath(work, PGLITE_DUMP_ENTRY),
      );

    for (const key of archived) {
      const path = entryPath(work, MEDIA_PREFIX + key);
      await media.put(key, createReadStream(path), { size: (await stat(path)).size });
    }
    let removedMediaFiles = 0;
    const wanted = new Set(archived);
    for await (const { key } of media.list()) {
      if (wanted.has(key)) continue;
      await media.remove(key);
      removedMediaFiles += 1;
    }

    // The restored schema may be older than this code: bring it up to date now, as a start would.
    const handle = openDatabase(databaseTarget(config.databaseUrl, config.dataDir), { log: consoleDatabaseLog });
    try {
      await migrateToLatest(handle.db);
      const counts = await countContent(handle.db);
      return { manifest, counts, mediaFiles: archived.length, removedMediaFiles, keptOldDatabase };
    } finally {
      await handle.close();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

function readManifest(value: unknown): Manifest {
  const manifest = value as Partial<Manifest> | null;
  if (typeof manifest !== 'object' || manifest === null || manifest.format !== BACKUP_FORMAT)
    throw new BadArchiveError('its manifest is not a Harborline backup manifest');
  if (manifest.version !== BACKUP_VERSION)
    throw new BadArchiveError(
      `it is a version ${String(manifest.version)} backup; this version of the site reads version ${BACKUP_VERSION}`,
    );
  if (
    (manifest.database !== 'postgres' && manifest.database !== 'pglite') ||
    !Array.isArray(manifest.migrations) ||
    typeof manifest.counts !== 'object'
  ) {
    throw new BadArchiveError('its manifest is incomplete');
  }
  return manifest as Manifest;
}

function listMedia(work: string): string[] {
  const dir = join(work, 'media');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(join(dir, name)).isFile())
    .map((name) => name.split(sep).join('/'))
    .sort();
}

async function refuseNonEmptyTarget(config: Config, media: MediaStorage, replace: boolean): Promise<void> {
  const found: string[] = [];
  if (config.databaseUrl) {
    const handle: DatabaseHandle = openDatabase(databaseTarget(config.databaseUrl, config.dataDir), {
      log: consoleDatabaseLog,
    });
    try {
      if (await hasPagesTable(handle.db)) found.push(`${(await countContent(handle.db)).pages} pages`);
    } finally {
      await handle.close();
    }
  } else {
    const dir = join(config.dataDir, 'pglite');
    const holder = embeddedDatabaseHolder(dir);
    if (holder !== undefined)
      throw new RestoreRefusedError(
        `The embedded database in ${dir} is in use by process ${holder}: stop the server first.`,
      );
    if (existsSync(dir) && readdirSync(dir).length > 0) found.push(`an embedded database in ${dir}`);
  }
  for await (const _object of media.list()) {
    found.push(`media files in ${media.description}`);
    break;
  }
  if (found.length && !replace) {
    throw new RestoreRefusedError(
      `The target already has content (${found.join('; ')}). Restoring replaces it: run again with --replace to go ahead.`,
    );
  }
}

/** Loads the dump into a fresh folder; the old one is kept beside it until the new one opens. */
async function replaceEmbeddedDatabase(dir: string, dumpFile: string): Promise<string | undefined> {
  const kept = existsSync(dir) ? `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}` : undefined;
  if (kept) await rename(dir, kept);
  try {
    await restorePglite(dir, dumpFile);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    if (kept) await rename(kept, dir);
    throw error;
  }
  return kept;
}
