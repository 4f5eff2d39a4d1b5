import express, { type Router } from 'express';
import type { Db } from '../../db';
import type { Logger } from '../../logger';
import type { AssetManifest } from '../../ssr/assets';
import type { RenderDeps } from '../../ssr/render';
import type { SessionStack } from '../auth/session-middleware';
import { editingSessionRoutes } from '../editing-sessions/routes';
import type { Mailer } from '../mail/mailer';
import { apiRoutes } from './api/routes';
import { mediaApiRoutes } from './api/media-routes';
import { loginRoutes } from './auth/login';
import { passwordResetRoutes } from './auth/password-reset';
import { dashboardRoutes } from './dashboard';
import { requireAdmin } from '../auth/admin-guard';
import { userbarRoutes } from './userbar';
import { pagesRoutes } from './pages/routes';
import { translationFileRoutes } from './localize/file-routes';
import { localizeRoutes } from './localize/routes';
import { snippetLocalizeRoutes } from './localize/snippet-routes';
import { provideAdminAssets } from './screen';
import { provideAdminClock } from './clock';
import { settingsRoutes } from './settings/routes';
import type { SiteSettingsCache } from '../site-settings/service';
import { ADMIN_VIEWSETS, MENU_ENTRIES } from './areas';
import { provideAdminMenu } from './menu';
import { redirectImportRoutes } from './redirects/import';
import { siteSettingsRoutes } from './settings-models/routes';
import { snippetsIndexRoutes } from './snippets/routes';
import { viewSetRoutes } from './viewsets/routes';
import { collectionPrivacyRoutes } from './collections/privacy';
import { documentUploadKind } from './documents/uploads';
import { imageChooserRoutes } from './images/chooser';
import { imageUploadKind } from './images/uploads';
import { mediaUploadRoutes } from './media-uploads/routes';
import { closeUnreadMultipart } from '../../media/upload';
import { videoUploadKind } from './videos/uploads';
import { videoTrackRoutes } from './videos/tracks';
import type { MediaStorage } from '../../storage/media-storage';
import type { UploadLimits } from '../../config';
import { hostStandRoutes } from './waitlist/routes';
import { reportsIndexRoutes } from './reports/routes';
import { REPORTS } from './reports/registry';
import { adminSearchRoutes } from './search/routes';
import { adminErrorScreen, adminNotFound } from './error-screen';

export type AdminDeps = {
  db: Db;
  assets: AssetManifest;
  sessions: SessionStack;
  mailer: Mailer;
  renderDeps: RenderDeps;
  logger: Logger;
  siteSettings: SiteSettingsCache;
  /** The site's time zone (TIME_ZONE), for users who have not chosen one. */
  timeZone?: string;
  /** The media library's files (documents, images, videos), the upload limits, and where uploads are received. */
  media: { storage: MediaStorage; limits: UploadLimits; uploadDir: string };
};

export { INVALID_LOGIN, RATE_LIMITED_LOGIN } from '../auth/login-form';

/**
 * The back office under /wagtail/, laid out by area as Wagtail's admin views: auth/ (sign in and
 * out, password reset), the dashboard, pages/ (explorer and every page action), settings/ (users,
 * groups, sites, your account) and api/. Sessions, login and CSRF are mounted here, not on public
 * pages. Each area mounts its routers without a path prefix (the permission matrix test walks them).
 */
export function adminRoutes({
  db,
  assets,
  sessions,
  mailer,
  renderDeps,
  logger,
  siteSettings,
  media,
  timeZone,
}: AdminDeps): Router {
  const router = express.Router();
  const documentUploads = documentUploadKind(db, media.storage, media.limits);
  const imageUploads = imageUploadKind(db, media.storage, media.limits);
  const videoUploads = videoUploadKind(db, media.storage, media.limits);
  // No body parser runs before the session, the login check and the CSRF check: a multipart body
  // is read only by its upload route, after the route's permission check (media/upload.ts), and
  // its CSRF token comes from the header or the query string.
  router.use(closeUnreadMultipart);
  router.use(...sessions.middleware);
  router.use(provideAdminAssets(assets));
  router.use(provideAdminClock(timeZone));

  // Open to anyone: the ways in.
  router.use(loginRoutes({ sessions }));
  router.use(passwordResetRoutes({ db, mailer }));
  // The public pages' staff userbar: answers everyone (204 unless staff), so before the guard.
  router.use(userbarRoutes({ db }));

  router.use(requireAdmin(db));
  router.use(provideAdminMenu(db, MENU_ENTRIES));
  router.use(dashboardRoutes({ db }));
  router.use(adminSearchRoutes({ db }));
  router.use(pagesRoutes({ db, renderDeps, logger }));
  router.use(localizeRoutes({ db }));
  router.use(translationFileRoutes({ db }));
  router.use(snippetLocalizeRoutes({ db }));
  router.use(editingSessionRoutes({ db }));
  router.use(settingsRoutes({ db }));
  router.use(apiRoutes({ db }));
  router.use(mediaApiRoutes({ db, storage: media.storage }));
  // Areas built on the admin viewset (admin/areas.ts); the import screens come before the
  // redirects viewset, whose edit route '/redirects/:pk/' would otherwise take 'import'.
  router.use(redirectImportRoutes({ db }));
  router.use(snippetsIndexRoutes({ db }));
  router.use(
    mediaUploadRoutes(db, documentUploads, media.uploadDir),
    mediaUploadRoutes(db, imageUploads, media.uploadDir),
    mediaUploadRoutes(db, videoUploads, media.uploadDir),
  );
  router.use(videoTrackRoutes(db, media.uploadDir));
  router.use(imageChooserRoutes({ db, storage: media.storage }));
  // Before the collections viewset (its routes are literal, but keep the specific one first).
  router.use(collectionPrivacyRoutes({ db }));
  // One context for every viewset: the hooks that need the media files or the site's renderer get it.
  const viewSetContext = { db, storage: media.storage, render: renderDeps };
  for (const viewSet of [...ADMIN_VIEWSETS, ...REPORTS]) router.use(viewSetRoutes(viewSetContext, viewSet));
  router.use(siteSettingsRoutes({ db, siteSettings }));
  router.use(hostStandRoutes({ db }));
  router.use(reportsIndexRoutes());
  // Last: refusals and unknown addresses stay inside the admin shell.
  router.use(adminNotFound);
  router.use(adminErrorScreen);
  return router;
}
