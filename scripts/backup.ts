import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../server/config';
import { createBackup } from '../server/backup/backup';

/**
 * `npm run backup [-- FILE]`: the database (pg_dump, or the embedded database's data directory)
 * and every media file (local directory or object store) into one .tar.gz archive.
 */
const args = process.argv.slice(2);
if (args.includes('--help') || args.length > 1) {
  console.log('Usage: npm run backup [-- FILE]   (default: harborline-backup-<date>.tar.gz in this folder)');
  process.exit(args.includes('--help') ? 0 : 2);
}
const file = resolve(
  args[0] ?? `harborline-backup-${new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19)}.tar.gz`,
);

try {
  const config = loadConfig();
  const summary = await createBackup(config, file);
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  console.log(
    `Backed up ${summary.database === 'postgres' ? 'the PostgreSQL database' : 'the embedded database'} (${summary.counts.pages} pages, ${summary.counts.revisions} revisions, ${summary.counts.images} images) and ${summary.mediaFiles} media files (${mb(summary.mediaBytes)}) from ${summary.media.storage}`,
  );
  console.log(`to ${summary.file} (${mb(summary.archiveBytes)}).`);
} catch (error) {
  console.error(
    `Backup failed: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}`,
  );
  console.error('No backup file was written.');
  process.exit(1);
}
