import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import {
  copyTemplateMedia,
  createTestDatabaseOn,
  databaseUrl,
  pgliteTemplate,
  postgresTemplate,
} from './database-templates';

/**
 * A DATA_DIR for a real server process (server/main.ts on its embedded database) that already
 * holds the migrated and seeded demo site: the test process's seeded template written to disk, and
 * its media. The process then starts in seconds instead of migrating and seeding for most of a
 * minute; what a start-up does on an empty directory is tested once (test/integration/seed.test.ts).
 */
export async function seededDataDir(): Promise<string> {
  const template = await pgliteTemplate('seeded');
  const dataDir = mkdtempSync(join(tmpdir(), 'harborline-process-'));
  const pglite = new PGlite(join(dataDir, 'pglite'), { loadDataDir: template.dump });
  await pglite.waitReady;
  await pglite.close();
  copyTemplateMedia(template.mediaDir, join(dataDir, 'media'));
  return dataDir;
}

/**
 * The PostgreSQL counterpart, for a server process (or a suite) on the server at `adminUrl`:
 * database `name`, a copy of the seeded template (dropped by the caller), and a DATA_DIR holding
 * the template's media.
 */
export async function seededPostgresSite(adminUrl: string, name: string): Promise<{ url: string; dataDir: string }> {
  const template = await postgresTemplate(adminUrl, 'seeded');
  await createTestDatabaseOn(adminUrl, name, template.name);
  const dataDir = mkdtempSync(join(tmpdir(), 'harborline-site-'));
  copyTemplateMedia(template.mediaDir, join(dataDir, 'media'));
  return { url: databaseUrl(adminUrl, name), dataDir };
}
