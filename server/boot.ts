// Boot seeds and backfills pages: the features must be registered first.
import './composition';
import type { Config } from './config';
import { databaseTarget, migrateToLatest, openDatabase, type DatabaseHandle } from './db';
import type { Logger } from './logger';
import { backfillReferenceIndex } from './modules/pages/reference-backfill';
import { seedDemoContent } from './seed/seed';
import { openMediaStorage } from './storage/open-media-storage';

/** Opens the configured database, migrates it to the latest schema and seeds an empty one. */
export async function prepareDatabase(config: Config, logger: Logger): Promise<DatabaseHandle> {
  const handle = openDatabase(databaseTarget(config.databaseUrl, config.dataDir), { log: logger });
  const applied = await migrateToLatest(handle.db);
  if (applied.length) logger.info({ applied }, 'database migrated');
  await backfillReferenceIndex(handle.db, applied, logger);
  const seeded = await seedDemoContent(handle.db, logger, {
    adminUsername: config.admin.username,
    adminPassword: config.admin.password,
    port: config.port,
    media: openMediaStorage(config.media),
  });
  if (seeded && config.admin.passwordIsDefault) {
    logger.warn(
      `Staff login: http://localhost:${config.port}/wagtail/login/ as '${config.admin.username}' with password '${config.admin.password}' (development default; set ADMIN_PASSWORD)`,
    );
  }
  return handle;
}
