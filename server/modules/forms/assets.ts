import { join } from 'node:path';
import express, { type Router } from 'express';
import { PROJECT_ROOT } from '../../paths';

/**
 * The captcha widget's files, served from this site (self-hosted: no third party sees the
 * guests). The `external` build keeps styles and workers out of the script, so the page's CSP
 * (no inline styles, workers from 'self') holds. setup.js is ours: it loads the widget and
 * registers the SHA-256 worker.
 */
export function captchaAssets(): Router {
  const dist = join(PROJECT_ROOT, 'node_modules', 'altcha', 'dist');
  const files: Record<string, string> = {
    'altcha.js': join(dist, 'external', 'altcha.min.js'),
    'altcha.css': join(dist, 'external', 'altcha.css'),
    'sha-worker.js': join(dist, 'workers', 'sha.js'),
    'fr-ca.js': join(dist, 'i18n', 'fr-ca.js'),
  };
  const router = express.Router();
  router.get('/:file', (req, res, next) => {
    const path = files[req.params.file];
    if (!path) return next();
    res.sendFile(path, { maxAge: '1d' });
  });
  return router;
}
