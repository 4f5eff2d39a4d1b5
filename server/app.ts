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
import { adminRoutes } from './modules/admin/routes';
import { createMailer } from './modules/mail/mailer';
import { csrfTokenRoutes } from './modules/auth/routes';
import { createSessionStack } from './modules/auth/session-middleware';
import { healthRoutes } from './modules/health/routes';
import { imageRoutes } from './modules/images/routes';
import { mediaStorage } from './modules/images/storage';
import { healthChecks } from './modules/health/service';
import { locationPageRoutes } from './modules/locations/page-routes';
import { pickerContextLoader } from './modules/locations/picker-context';
import { locationRoutes } from './modules/locations/routes';
import { LocationCache } from './modules/locations/cache';
import { clearCacheOnLocationChange, locationFlushRoutes } from './modules/locations/flush';
import { locationsRuntime } from './modules/locations/runtime';
import { seoRoutes } from './modules/seo/routes';
import { navigationRoutes, siteChromeLoader } from './modules/navigation/routes';
import { createViewGate } from './modules/privacy/gate';
import { privacyUtilRoutes } from './modules/privacy/routes';
import { notFoundPage } from './modules/pages/public-service';
import { publicPageRoutes, requestPort, siteUrlOf } from './modules/pages/routes';
import { loadSiteTree, splitLocalePrefix } from './modules/pages/site-tree';
import { findSiteForHost } from './modules/sites/repo';
import { configureEmbedHosts } from '../shared/embeds/allow-list';
import { PUBLIC_ASSETS_DIR, STATIC_DIR } from './paths';
import type { AssetManifest } from './ssr/assets';
import { renderPage, type RenderDeps } from './ssr/render';

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
  configureEmbedHosts(config.embedAllowedHosts);
  app.use(
    securityHeaders({
      production: config.env === 'production',
      // The map page fetches its style (and the style's tiles, sprites, glyphs) from MAP_STYLE_URL's origin.
      connectSources: [...sentryOrigins(config.sentryDsn), ...mapOrigins(config.mapStyleUrl)],
      imageSources: mapOrigins(config.mapStyleUrl),
      frameSources: config.embedAllowedHosts,
      formActions: config.a11yFeedbackUrl ? [new URL(config.a11yFeedbackUrl).origin] : [],
    }),
  );

  app.use('/static/assets', express.static(join(PUBLIC_ASSETS_DIR, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
  app.use('/static', express.static(STATIC_DIR, { maxAge: '1h', index: false }));

  app.use(healthRoutes(healthChecks(db, config.dataDir)));
  app.use(imageRoutes(db, mediaStorage(config.dataDir)));

  const renderDeps: RenderDeps = {
    config,
    assets,
    logger,
    siteChrome: siteChromeLoader(db, { config, logger }),
    locationPicker: pickerContextLoader(db, logger),
  };

  // Sessions, login and CSRF only where they are needed, so public page renders set no cookie.
  const sessions = createSessionStack(config, db);
  app.use('/wagtail', adminRoutes({ db, assets, sessions, renderDeps, logger, mailer: createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir }) }));
  app.use('/api-nc', csrfTokenRoutes(sessions));
  // Page privacy: the password and login forms; the gate runs the session stack on restricted pages only.
  app.use('/_util', privacyUtilRoutes({ db, sessions, assets }));
  const viewGate = createViewGate(db, sessions, assets);

  const locationCache = new LocationCache();
  clearCacheOnLocationChange(db, locationCache, logger).catch((error: unknown) => logger.error({ err: error }, 'location cache cannot hear flushes'));
  app.use(locationsRuntime({ cache: locationCache, mapStyleUrl: config.mapStyleUrl ?? null }));
  app.use(locationFlushRoutes({ db, sessions }));
  app.use(locationRoutes(db));
  app.use(locationPageRoutes(db, renderDeps, viewGate));
  app.use(navigationRoutes(db, renderDeps));
  app.use(seoRoutes(db, { securityContact: config.securityContact }));
  app.use(publicPageRoutes(db, logger, renderDeps, viewGate));
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

function mapOrigins(styleUrl: string | undefined): string[] {
  return styleUrl ? [new URL(styleUrl).origin] : [];
}

function sentryOrigins(dsn: string | undefined): string[] {
  return dsn ? [new URL(dsn).origin] : [];
}
