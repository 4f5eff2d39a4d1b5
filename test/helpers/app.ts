import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Express } from 'express';
import { createApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import type { Db } from '../../server/db';
import { createLogger, type Logger } from '../../server/logger';
import { seedDemoContent } from '../../server/seed/seed';
import { openMediaStorage } from '../../server/storage/open-media-storage';
import { loadAssetManifest } from '../../server/ssr/assets';
import { createTestDatabase } from './database';
import { copyTemplateMedia, TEST_ADMIN } from './database-templates';

export { TEST_ADMIN };

export type TestApp = { app: Express; db: Db; config: Config; logger: Logger; dataDir: string; close(): Promise<void> };

/** createApp on a freshly migrated (and by default seeded) database, with its own DATA_DIR. */
export async function createTestApp(
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    /** Settings that are not read from the environment (e.g. the page cache's settle time). */
    config?: Partial<Config>;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'harborline-test-'));
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      COMMIT_ID: 'test-commit',
      BRANCH: 'test-branch',
      ...options.env,
    }),
    ...options.config,
  };
  const logger = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
  const seed = options.seed !== false;
  // The seeded template's media files are local: a suite with other media storage seeds its own.
  const fromTemplate = seed && config.media.driver === 'local';
  const database = await createTestDatabase({ template: fromTemplate ? 'seeded' : 'migrated' });
  if (fromTemplate && config.media.driver === 'local') copyTemplateMedia(database.templateMedia, config.media.root);
  else if (seed) {
    await seedDemoContent(database.db, logger, {
      adminUsername: TEST_ADMIN.username,
      adminPassword: TEST_ADMIN.password,
      port: 3000,
      media: openMediaStorage(config.media),
    });
  }
  const app = createApp({ config, db: database.db, logger, assets: loadAssetManifest() });
  return {
    app,
    db: database.db,
    config,
    logger,
    dataDir,
    async close() {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Listens on a free loopback port; for browser tests. */
export async function listen(
  app: Express,
): Promise<{ baseUrl: string; port: number; server: Server; close(): Promise<void> }> {
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://localhost:${port}`,
    port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
