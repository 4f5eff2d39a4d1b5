import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import express, { type Express, type Request } from 'express';
import { pinoHttp } from 'pino-http';
import type { Config } from './config';
import type { Db } from './db';
import type { Logger } from './logger';
import { notFoundFallthrough } from './http/not-found';
import { cspNonce, securityHeaders } from './http/csp';
import { errorHandler } from './http/error-handler';
import { requestGuards } from './http/request-guards';
import { healthRoutes } from './modules/health/routes';
import { healthChecks } from './modules/health/service';
import { notFoundPage } from './modules/pages/public-service';
import { publicPageRoutes, requestPort, siteUrlOf } from './modules/pages/routes';
import { loadSiteTree, splitLocalePrefix } from './modules/pages/site-tree';
import { findSiteForHost } from './modules/sites/repo';
import { PUBLIC_ASSETS_DIR, STATIC_DIR } from './paths';
import type { AssetManifest } from './ssr/assets';
import { renderPage } from './ssr/render';

export type AppDeps = { config: Config; db: Db; logger: Logger; assets: AssetManifest };

/** The whole HTTP application, without listening: tests drive it with supertest. */
export function createApp(deps: AppDeps): Express {
  const { config, db, logger, assets } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.env === 'production' ? 1 : false);

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    }),
  );
  app.use(requestGuards);
  app.use(cspNonce);
  app.use(securityHeaders({ production: config.env === 'production', connectSources: sentryOrigins(config.sentryDsn) }));

  app.use('/static/assets', express.static(join(PUBLIC_ASSETS_DIR, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
  app.use('/static', express.static(STATIC_DIR, { maxAge: '1h', index: false }));

  app.use(healthRoutes(healthChecks(db, config.dataDir)));

  const renderDeps = { config, assets, logger };
  app.use(publicPageRoutes(db, logger, renderDeps));
  app.use(notFoundFallthrough);

  const renderNotFound = async (req: Request, res: express.Response) => {
    const site = await findSiteForHost(db, req.hostname, requestPort(req));
    if (!site) throw new Error('no site');
    const tree = await loadSiteTree(db, site);
    const { root } = splitLocalePrefix(tree, req.path);
    renderPage(res, await notFoundPage(db, logger, tree, root, {}), renderDeps, siteUrlOf(req));
  };
  app.use(errorHandler(logger, renderNotFound));
  return app;
}

function sentryOrigins(dsn: string | undefined): string[] {
  return dsn ? [new URL(dsn).origin] : [];
}
