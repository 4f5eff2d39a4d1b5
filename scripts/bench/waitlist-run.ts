import { buildClient, buildServer } from '../build-assets';
import { benchWaitlist } from './waitlist';

/** `npm run bench:waitlist`: the wait-list part of `npm run bench` alone (production build, PostgreSQL). */
console.log('Building for production...');
await buildClient(true);
await buildServer();
await benchWaitlist();
