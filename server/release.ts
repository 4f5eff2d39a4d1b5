import { prepareDatabase } from './boot';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';

/** The release phase (Procfile): migrate and seed before new web dynos start. */
try {
  const config = loadConfig();
  const logger = createLogger(config.logLevel, { pretty: config.logPretty });
  const database = await prepareDatabase(config, logger);
  await database.close();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
