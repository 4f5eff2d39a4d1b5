// First: features register their page types and hooks before any module reads them at load time.
import './composition';
import { join } from 'node:path';
import express, { type Express, type Request } from 'express';
import type { Config } from './config';
import type { Db } from './db';
import type { Logger } from './logger';
import { notFoundFallthrough } from './http/not-found';
import { cspNonce, securityHeaders } from './http/csp';
import { errorHandler } from './http/error-handler';
import { requestGuards } from './http/request-guards';
import { requestLog } from './http/request-log';
import { gated } from './http/path-gate';
import { adminRoutes } from './modules/admin/routes';
import { createMailer } from './modules/mail/mailer';
import { formApiRoutes, UNSUBSCRIBE_PATH } from './modules/forms/routes';
import { formPageHandler } from './modules/forms/form-page-handler';
import { A11Y_REPORT_SCOPE, a11yReportRoutes } from './modules/forms/a11y-report-routes';
import { csrfTokenRoutes } from './modules/auth/routes';
import { publicCsrf } from './modules/auth/public-csrf';
import { createSessionStack } from './modules/auth/session-middleware';
import { healthRoutes } from './modules/health/routes';
import { imageRoutes } from './modules/images/routes';
import { documentRoutes } from './modules/documents/routes';
import { videoRoutes } from './modules/videos/routes';
import { uploadDir } from './media/upload';
import { mapRoutes } from './modules/maps/routes';
import { archiveStylePath } from './modules/maps/archive-routes';
import type { MapArchive } from './modules/maps/map-archive';
import { healthChecks } from './modules/health/service';
import { LOCATION_PAGE_SCOPE, locationPageRoutes } from './modules/locations/page-routes';
import { MAP_ASSETS_SCOPE } from './modules/locations/map-assets';
import { pickerContextLoader } from './modules/locations/picker-context';
import { locationRoutes } from './modules/locations/routes';
import { LocationCache } from './modules/locations/cache';
import { clearCacheOnLocationChange, locationFlushRoutes } from './modules/locations/flush';
import { locationsRuntime } from './modules/locations/runtime';
import { seoRoutes } from './modules/seo/routes';
import { waitlistRoutes } from './modules/waitlist/routes';
import { WAITLIST_PAGE_SCOPE, waitlistPageRoutes } from './modules/waitlist/page-routes';
import { integrationRoutes } from './modules/integration/routes';
import { FOOTER_SCOPE, navigationRoutes, siteChromeLoader } from './modules/navigation/routes';
import { createViewGate } from './modules/privacy/gate';
import { createCollectionGate } from './modules/privacy/collection-gate';
import { collectionPasswordRoutes } from './modules/privacy/collection-routes';
import { privacyUtilRoutes } from './modules/privacy/routes';
import { notFoundPage } from './modules/pages/public-service';
import { publicPageRoutes } from './modules/pages/routes';
import { resolveRequestSite, siteContext } from './modules/pages/request-site';
import { configureEmbedHosts } from '../shared/embeds/allow-list';
import { SITE_SETTINGS_CHANNEL, SiteSettingsCache } from './modules/site-settings/service';
import { renditionUrl } from '../shared/schemas/image-renditions';
import { PUBLIC_ASSETS_DIR, STATIC_DIR } from './paths';
import type { MediaStorage } from './storage/media-storage';
import { openMediaStorage } from './storage/open-media-storage';
import type { AssetManifest } from './ssr/assets';
import { renderPage, type RenderDeps } from './ssr/render';
import { captchaAssets } from './modules/forms/assets';
import { installPageCachePlugin } from './cache/dependencies';
import { installPageCache } from './cache/install';
import { tableMemoFor } from './cache/table-memo';
import { LOCATIONS_CHANGED_CHANNEL } from './modules/locations/flush';
import { pickerHoleFiller } from './ssr/picker-hole';
import { locationByRlid } from './modules/locations/service';

export type AppDeps = {
  config: Config;
  db: Db;
  logger: Logger;
  assets: AssetManifest;
  media?: MediaStorage;
  /** MAP_PMTILES, opened and checked at start-up (server/main.ts). */
  mapArchive?: MapArchive;
};

/** The whole HTTP application, without listening: tests drive it with supertest. */
export function createApp(deps: AppDeps): Express {
  const { config, db, logger, assets } = deps;
  // The map page's style: MAP_STYLE_URL's, else the site's own for MAP_PMTILES's archive (a site's settings win over both).
  const defaultMapStyle = config.mapStyleUrl ?? (deps.mapArchive ? archiveStylePath(deps.mapArchive) : undefined);
  const app = express();
  app.disable('x-powered-by');
  // X-Forwarded-* are read from exactly the configured number of proxies (TRUST_PROXY), and the
  // values they give are validated by requestGuards.
  app.set('trust proxy', config.trustProxy);

  // One line per request, written when the answer is out, carrying the request id (X-Request-Id).
  app.use(requestLog(app, logger));
  // The page cache watches every query of this handle from here on (a plugin the app installs:
  // the database plumbing knows nothing of it), and the public site's reads are memoised per
  // process (listening before the first request).
  installPageCachePlugin(db);
  tableMemoFor(db);
  app.use(requestGuards);
  app.use(cspNonce);
  configureEmbedHosts(config.embedAllowedHosts, { environment: true });
  // Site settings (staff overrides of the environment's values), cached per process and reloaded
  // when any dyno saves them. The CSP reads the union of every site's hosts and origins.
  const siteSettings = new SiteSettingsCache(
    db,
    {
      a11yFeedbackUrl: config.a11yFeedbackUrl,
      embedHosts: config.embedAllowedHosts,
      securityContact: config.securityContact,
      mapStyleUrl: defaultMapStyle,
    },
    logger,
  );
  // Tests and scripts reach the app's own cache here (e.g. to reload it after changing rows directly).
  app.locals.siteSettings = siteSettings;
  siteSettings.listen().catch((error: unknown) => logger.error({ err: error }, 'site settings cannot hear changes'));
  app.use(
    securityHeaders({
      production: config.env === 'production',
      // The map page fetches its style (and the style's tiles, sprites, glyphs) from the map style's origin.
      connectSources: [
        ...sentryOrigins(config.sentryDsn),
        ...(config.captchaScriptOrigin ? [config.captchaScriptOrigin] : []),
      ],
      scriptSources: config.captchaScriptOrigin ? [config.captchaScriptOrigin] : [],
      dynamic: {
        connectSources: () => siteSettings.mapOrigins(),
        imageSources: () => siteSettings.mapOrigins(),
        frameSources: () => siteSettings.frameHosts(),
        formActions: () => siteSettings.formActionOrigins(),
      },
    }),
  );

  app.use(
    '/static/assets',
    express.static(join(PUBLIC_ASSETS_DIR, 'assets'), {
      immutable: true,
      maxAge: '1y',
      index: false,
      fallthrough: false,
    }),
  );
  app.use('/static', express.static(STATIC_DIR, { maxAge: '1h', index: false }));
  app.use('/static/altcha', captchaAssets());

  const media = deps.media ?? openMediaStorage(config.media);
  // Sessions, login and CSRF only where they are needed, so public page renders set no cookie.
  const sessions = createSessionStack(config, db);
  // Every state-changing request outside the back office (which checks its own) is refused when
  // it comes from another site, and a form post needs the session's token (docs/security.md).
  app.use(
    publicCsrf({
      siteOrigin: async (req, res) => (await resolveRequestSite(db, req, res)).origin,
      sessions,
      exempt: [
        // RFC 8058 one-click unsubscribe: mail providers post it; its signed token is the proof.
        new RegExp(`^${UNSUBSCRIBE_PATH}one-click/`, 'i'),
        // Checks sign-in first (401), then the token (403), itself.
        /^\/api\/location\/flush\/?$/i,
      ],
    }),
  );
  // The routers below are written with full paths and mounted at '/': each is gated on where its
  // routes can match, so a page request skips them instead of walking them (server/http/path-gate.ts).
  app.use(gated(['/api/ht', '/admin/lb-heartbeat'], healthRoutes(healthChecks(db, media))));
  app.use(gated(['/media/images'], imageRoutes(db, media)));
  app.use(gated(['/documents/authenticate_with_password'], collectionPasswordRoutes({ db, sessions, assets })));
  const collectionGate = createCollectionGate(db, sessions, assets);
  app.use(gated(['/documents'], documentRoutes(db, media, collectionGate)));
  app.use(gated(['/videos', '/video-track'], videoRoutes(db, media, collectionGate)));
  app.use(gated(['/maps', '/media/maps'], mapRoutes(db, media, deps.mapArchive)));

  const renderDeps: RenderDeps = {
    config,
    assets,
    logger,
    siteChrome: siteChromeLoader(db, { logger, siteSettings }),
    socialImage: async (resolved) => {
      const id = (await siteSettings.forSite(resolved.tree.site.id)).defaultSocialImageId;
      return id === null ? null : renditionUrl(id, 1280, 'jpeg');
    },
    locationPicker: pickerContextLoader(db, logger),
  };

  app.use(
    '/wagtail',
    adminRoutes({
      db,
      assets,
      sessions,
      renderDeps,
      logger,
      siteSettings,
      timeZone: config.timeZone,
      mailer: createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir }),
      media: { storage: media, limits: config.uploads, uploadDir: uploadDir(config.dataDir) },
    }),
  );
  app.use('/api-nc', csrfTokenRoutes(sessions));
  // Page privacy: the password and login forms; the gate runs the session stack on restricted pages only.
  app.use('/_util', privacyUtilRoutes({ db, sessions, assets }));
  const viewGate = createViewGate(db, sessions, assets);

  const locationCache = new LocationCache();
  clearCacheOnLocationChange(db, locationCache, logger).catch((error: unknown) =>
    logger.error({ err: error }, 'location cache cannot hear flushes'),
  );
  app.use(
    locationsRuntime({
      cache: locationCache,
      mapStyleUrl: defaultMapStyle ?? null,
      mapStyleFor: async (siteId) => (await siteSettings.forSite(siteId)).mapStyleUrl,
    }),
  );
  app.use(gated(['/api/location/flush'], locationFlushRoutes({ db, sessions })));
  app.use(gated(['/api/location', MAP_ASSETS_SCOPE], locationRoutes(db)));
  app.use(gated(['/api'], waitlistRoutes(db, config)));
  // Every router below answers for the request's site: resolved once here (server/http/site.ts).
  app.use(siteContext(db));
  app.use(gated(LOCATION_PAGE_SCOPE, locationPageRoutes(db, renderDeps, viewGate)));
  app.use(gated(WAITLIST_PAGE_SCOPE, waitlistPageRoutes(db, renderDeps, sessions)));
  app.use(gated(FOOTER_SCOPE, navigationRoutes(renderDeps)));
  app.use(gated(A11Y_REPORT_SCOPE, a11yReportRoutes(db, renderDeps, sessions)));
  app.use(
    gated(
      ['/sitemap.xml', '/sitemap/sitemap.xml', '/robots.txt', '/.well-known/security.txt'],
      seoRoutes(db, { siteSettings }),
    ),
  );
  app.use(gated(['/integration-manifest.json'], integrationRoutes(db)));
  app.use(gated(['/api/forms', '/api/fcc'], formApiRoutes({ db, config, sessions })));
  app.use(
    publicPageRoutes(
      db,
      logger,
      (res, page) => renderPage(res, page, renderDeps),
      viewGate,
      formPageHandler({ db, config, logger, sessions, renderDeps }),
    ),
  );
  app.use(notFoundFallthrough);

  const renderNotFound = async (req: Request, res: express.Response) => {
    const { tree, root } = await resolveRequestSite(db, req, res);
    await renderPage(res, await notFoundPage(db, logger, tree, root, {}), renderDeps);
  };
  app.use(errorHandler(logger, renderNotFound));
  // The page cache's fast path runs before all of the above (server/cache/install.ts).
  app.locals.pageCache = installPageCache(app, {
    config,
    db,
    logger,
    picker: pickerHoleFiller((rlid) => locationByRlid(db, rlid), logger),
    flushOn: [
      { channel: LOCATIONS_CHANGED_CHANNEL, tables: ['locations'] },
      { channel: SITE_SETTINGS_CHANNEL, tables: ['site_settings'] },
    ],
  });
  return app;
}

function sentryOrigins(dsn: string | undefined): string[] {
  return dsn ? [new URL(dsn).origin] : [];
}
