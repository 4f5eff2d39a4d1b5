import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Router } from 'express';

const require = createRequire(import.meta.url);
const VERSION = (JSON.parse(readFileSync(require.resolve('maplibre-gl/package.json'), 'utf8')) as { version: string })
  .version;

/** The two maplibre-gl files the map page loads besides its own chunk, served from the package. */
const FILES = {
  'maplibre-gl.css': { path: require.resolve('maplibre-gl/dist/maplibre-gl.css'), type: 'text/css' },
  'maplibre-gl-worker.mjs': {
    path: require.resolve('maplibre-gl/dist/maplibre-gl-worker.mjs'),
    type: 'text/javascript',
  },
} as const;

/** Versioned, so browsers may keep them for a year. */
export const MAP_ASSETS_BASE = `/static/vendor/maplibre-gl@${VERSION}/`;
/** The start of every path these routes can match (the app skips the router for the others). */
export const MAP_ASSETS_SCOPE = MAP_ASSETS_BASE.slice(0, -1);
export const MAP_CSS_URL = `${MAP_ASSETS_BASE}maplibre-gl.css`;

/**
 * maplibre-gl's stylesheet and its module worker. esbuild bundles the library into the map
 * page's lazy chunk but cannot emit the worker (maplibre finds it next to `import.meta.url`), so
 * the chunk calls setWorkerUrl with this address; the stylesheet is linked by the same chunk,
 * so no other page downloads either.
 */
export function mapAssetRoutes(): Router {
  const router = Router();
  router.get(`${MAP_ASSETS_BASE}:file`, (req, res, next) => {
    // Own keys only: '__proto__' or 'constructor' must not find Object.prototype's members.
    if (!Object.hasOwn(FILES, req.params.file)) return next();
    const file = FILES[req.params.file as keyof typeof FILES];
    res.type(file.type).set('Cache-Control', 'public, max-age=31536000, immutable').sendFile(file.path);
  });
  return router;
}
