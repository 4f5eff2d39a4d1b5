import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../server/config';
import { BadArchiveError } from '../server/backup/archive';
import { restoreBackup, RestoreRefusedError } from '../server/backup/restore';

/**
 * `npm run restore -- FILE [--replace]`: puts back the database and media files of a backup made
 * by `npm run backup`. The archive is checked whole before anything changes; a target that
 * already has content is replaced only with --replace. Stop the server first.
 */
const args = process.argv.slice(2);
const replace = args.includes('--replace');
const files = args.filter((arg) => !arg.startsWith('--'));
if (args.includes('--help') || files.length !== 1 || args.some((arg) => arg.startsWith('--') && arg !== '--replace')) {
  console.log('Usage: npm run restore -- FILE [--replace]');
  process.exit(args.includes('--help') ? 0 : 2);
}
const file = resolve(files[0]!);

try {
  const config = loadConfig();
  const summary = await restoreBackup(config, file, { replace });
  console.log(
    `Restored the backup of ${summary.manifest.createdAt}: ${summary.counts.pages} pages, ${summary.counts.revisions} revisions, ${summary.counts.images} images and ${summary.mediaFiles} media files` +
      (summary.removedMediaFiles
        ? ` (${summary.removedMediaFiles} media files that were not in the backup were removed)`
        : '') +
      '.',
  );
  if (summary.keptOldDatabase)
    console.log(
      `The embedded database it replaced is kept in ${summary.keptOldDatabase}; delete it when you no longer need it.`,
    );
} catch (error) {
  if (error instanceof BadArchiveError) console.error(`Cannot restore ${file}: ${error.message}. Nothing was changed.`);
  else if (error instanceof RestoreRefusedError || error instanceof ConfigError)
    console.error(`${error.message} Nothing was changed.`);
  // Past the checks the database or media may be half restored: running it again (with --replace) finishes it.
  else
    console.error(
      `Restore failed part-way: ${error instanceof Error ? error.message : String(error)}. Fix the cause and run it again with --replace.`,
    );
  process.exit(1);
}
