import { loadConfig } from '../server/config';
import { databaseTarget, migrateToLatest, openDatabase } from '../server/db';

/** `npm run migrate`: brings the configured database to the latest schema. */
const config = loadConfig();
const handle = openDatabase(databaseTarget(config.databaseUrl, config.dataDir));
try {
  const applied = await migrateToLatest(handle.db);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'already up to date');
} finally {
  await handle.close();
}
