import { loadConfig } from '../server/config';
import { prepareDatabase } from '../server/boot';
import { createLogger } from '../server/logger';

/** `npm run seed`: migrates, then seeds demo content if the database has no site yet. */
const config = loadConfig();
const handle = await prepareDatabase(config, createLogger('info', { pretty: config.env === 'development' }));
await handle.close();
