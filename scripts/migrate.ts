// The backfill reads page types: the features must be registered first.
import '../server/composition';
import { loadConfig } from '../server/config';
import { databaseTarget, migrateToLatest, openDatabase } from '../server/db';
import { backfillReferenceIndex } from '../server/modules/pages/reference-backfill';

/** `npm run migrate`: brings the configured database to the latest schema (`-- --reindex` rebuilds the reference index). */
const config = loadConfig();
const handle = openDatabase(databaseTarget(config.databaseUrl, config.dataDir));
try {
  const applied = await migrateToLatest(handle.db);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'already up to date');
  const indexed = await backfillReferenceIndex(handle.db, applied, undefined, {
    force: process.argv.includes('--reindex'),
  });
  if (indexed !== undefined) console.log(`reference index: ${indexed} pages indexed`);
} finally {
  await handle.close();
}
