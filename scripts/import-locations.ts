// Importing creates location pages: the features must be registered first.
import '../server/composition';
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { databaseTarget, migrateToLatest, openDatabase } from '../server/db';
import {
  formatImportReport,
  importLocations,
  LocationImportFileError,
  type ImportFormat,
} from '../server/modules/locations/import-service';

/**
 * `npm run import:locations FILE [-- --format csv|json]`: imports restaurant locations into the
 * configured database (DATABASE_URL, or PGlite under DATA_DIR), prints the row-by-row report and
 * exits 1 when the file was unreadable or any row was rejected (good rows are still saved).
 */

const usage = 'Usage: npm run import:locations FILE [-- --format csv|json]';

function fileFormat(file: string, flag: string | undefined): ImportFormat | undefined {
  if (flag === 'csv' || flag === 'json') return flag;
  if (flag !== undefined) throw new LocationImportFileError(`--format must be csv or json. ${usage}`);
  const extension = extname(file).toLowerCase();
  // Other extensions (.txt, none): sniffed from the content.
  return extension === '.csv' ? 'csv' : extension === '.json' ? 'json' : undefined;
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { format: { type: 'string' } } });
  if (positionals.length !== 1) {
    console.error(usage);
    return 2;
  }
  const file = positionals[0] as string;
  let content: string;
  try {
    content = readFileSync(file, 'utf8');
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as Error).message}`);
    return 1;
  }
  const config = loadConfig();
  const handle = openDatabase(databaseTarget(config.databaseUrl, config.dataDir));
  try {
    await migrateToLatest(handle.db);
    const report = await importLocations(handle.db, content, { format: fileFormat(file, values.format) });
    console.log(formatImportReport(report));
    return report.bad.length ? 1 : 0;
  } catch (error) {
    if (!(error instanceof LocationImportFileError)) throw error;
    console.error(`${file}: ${error.message}`);
    return 1;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
