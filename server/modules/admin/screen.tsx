import type { NextFunction, Request, Response } from 'express';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { AdminDocument } from '../../../views/admin/AdminDocument';
import { AdminShell, type AdminShellProps, type AdminUser } from '../../../views/admin/AdminShell';
import type { AssetManifest } from '../../ssr/assets';
import { csrfTokenFor } from '../auth/csrf';
import { sidebarStateIn } from '../../../shared/admin/sidebar';
import { displayName } from '../users/display-name';

/** Who is looking and the form token: what the shell around every signed-in screen needs. */
export type Chrome = { user: Express.User; csrfToken: string };

export function chrome(req: Request): Chrome {
  if (!req.user) throw new Error('An admin shell screen needs a signed-in user (mount it behind requireAdmin).');
  return { user: req.user, csrfToken: csrfTokenFor(req) };
}

export function adminUser(user: Express.User): AdminUser {
  return { username: user.username, displayName: displayName(user) ?? user.username, isSuperuser: user.is_superuser };
}

export type AdminScreen = {
  title: string;
  element: ReactElement;
  /** The main navigation entry to mark as current. Absent: a screen outside the shell (sign-in, password reset). */
  section?: AdminShellProps['section'];
  status?: number;
  /** Load the editor script (block editor, editing sessions, autosave): the edit and add screens only. */
  blockEditor?: boolean;
  /** Load the upload script (per-file progress on the multiple upload screens). */
  uploads?: boolean;
};

const ASSETS_KEY = 'adminAssets';
/** The areas the signed-in user may open (provideAdminMenu in admin/menu.ts). */
export const MENU_KEY = 'adminMenu';

/** Makes the asset manifest available to adminScreen for every route mounted after it. */
export function provideAdminAssets(assets: AssetManifest) {
  return (_req: Request, res: Response, next: NextFunction): void => {
    res.locals[ASSETS_KEY] = assets;
    next();
  };
}

/**
 * Renders one back-office screen as a whole document: inside the admin shell when it names a
 * section, on its own otherwise. Screens are small and fully loaded before rendering, so
 * renderToString is enough. Never cached: every screen is per-user.
 */
export function adminScreen(req: Request, res: Response, screen: AdminScreen): void {
  const assets = res.locals[ASSETS_KEY] as AssetManifest | undefined;
  if (!assets) throw new Error('adminScreen needs provideAdminAssets() on the admin router.');
  let body = screen.element;
  if (screen.section) {
    const { user, csrfToken } = chrome(req);
    body = (
      <AdminShell
        user={adminUser(user)}
        csrfToken={csrfToken}
        section={screen.section}
        areas={res.locals[MENU_KEY] as AdminShellProps['areas']}
        sidebar={sidebarStateIn(req.headers.cookie)}
      >
        {screen.element}
      </AdminShell>
    );
  }
  const html = renderToString(
    <AdminDocument
      title={screen.title}
      styles={assets.adminStyles}
      {...(assets.adminIcons ? { iconSprite: assets.adminIcons } : {})}
      scripts={[
        ...(screen.section && assets.adminShell ? [assets.adminShell] : []),
        ...(screen.blockEditor && assets.adminEditor ? [assets.adminEditor.file] : []),
        ...(screen.uploads && assets.adminUploads ? [assets.adminUploads] : []),
      ]}
      nonce={String(res.locals.cspNonce ?? '')}
      {...(screen.blockEditor && assets.adminPreviewChecks ? { previewChecks: assets.adminPreviewChecks } : {})}
    >
      {body}
    </AdminDocument>,
  );
  res
    .status(screen.status ?? 200)
    .type('html')
    .setHeader('Cache-Control', 'no-store, private');
  res.send(`<!DOCTYPE html>${html}`);
}
