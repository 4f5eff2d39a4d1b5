import { buildClient, buildServer } from './build-assets';

/** `npm run build`: browser assets (minified, content-hashed) and the server bundle in dist/. */
const started = performance.now();
await buildClient(process.env.NODE_ENV !== 'development');
await buildServer();
console.log(`built dist/ in ${Math.round(performance.now() - started)} ms`);
