import type { Response } from 'express';
import { renderToString } from 'react-dom/server';
import { AdminDocument } from '../../../views/admin/AdminDocument';
import type { AssetManifest } from '../../ssr/assets';
import type { Screen } from './screens';

/**
 * Renders one back-office screen as a whole document. Screens are small and fully loaded before
 * rendering, so renderToString is enough. Never cached: every screen is per-user.
 */
export function renderAdmin(res: Response, assets: AssetManifest, screen: Screen, status = 200): void {
  const html = renderToString(
    <AdminDocument
      title={screen.title}
      styles={assets.adminStyles}
      // Only the edit screen loads the block editor, with the response's CSP nonce.
      scripts={screen.blockEditor && assets.adminEditor ? [assets.adminEditor.file] : []}
      nonce={String(res.locals.cspNonce ?? '')}
    >
      {screen.element}
    </AdminDocument>,
  );
  res.status(status).type('html').setHeader('Cache-Control', 'no-store, private');
  res.send(`<!DOCTYPE html>${html}`);
}
