import type { Request, Response } from 'express';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Db } from '../../db';
import { catalogFor } from '../../../shared/i18n/catalogs';
import { createTranslator, type Translate } from '../../../shared/i18n/translator';
import { PasswordRequiredPage, type PasswordRequiredProps } from '../../../views/restricted/PasswordRequiredPage';
import { PublicLoginPage, type PublicLoginProps } from '../../../views/restricted/PublicLoginPage';
import { RestrictedDocument } from '../../../views/restricted/RestrictedDocument';
import type { AssetManifest } from '../../ssr/assets';
import { resolveRequestSite } from '../pages/request-site';
import { publicPath, splitLocalePrefix } from '../pages/site-tree';

/** The site and language a password or login form is shown in (those of the page it guards). */
export type PublicChrome = { languageCode: string; siteName: string; homeUrl: string };

/** The chrome of the site answering this host, in the language of `path` (the page asked for). */
export async function publicChromeFor(db: Db, req: Request, res: Response, path: string): Promise<PublicChrome> {
  const { site, tree } = await resolveRequestSite(db, req, res);
  const { root } = splitLocalePrefix(tree, path.split('?')[0] ?? '/');
  return { languageCode: root.languageCode, siteName: site.site_name, homeUrl: publicPath(tree, root.page) ?? '/' };
}

function send(
  res: Response,
  assets: AssetManifest,
  chrome: PublicChrome,
  title: (t: Translate) => string,
  body: (t: Translate) => ReactElement,
  status: number,
): void {
  const t = createTranslator(catalogFor(chrome.languageCode));
  const html = renderToString(
    <RestrictedDocument
      languageCode={chrome.languageCode}
      title={title(t)}
      siteName={chrome.siteName}
      homeUrl={chrome.homeUrl}
      styles={assets.styles}
      skipLinkText={t('Skip to main content')}
    >
      {body(t)}
    </RestrictedDocument>,
  );
  // Per visitor (a CSRF token, a session): never stored by a shared cache, never kept by the browser.
  res.status(status).type('html').setHeader('Cache-Control', 'private, no-store');
  res.send(`<!DOCTYPE html>${html}`);
}

export function renderPasswordRequired(
  res: Response,
  assets: AssetManifest,
  chrome: PublicChrome,
  props: Omit<PasswordRequiredProps, 't'>,
  status = 200,
): void {
  send(
    res,
    assets,
    chrome,
    (t) => t('Password required'),
    (t) => <PasswordRequiredPage t={t} {...props} />,
    status,
  );
}

export function renderPublicLogin(
  res: Response,
  assets: AssetManifest,
  chrome: PublicChrome,
  props: Omit<PublicLoginProps, 't'>,
  status = 200,
): void {
  send(
    res,
    assets,
    chrome,
    (t) => t('Sign in'),
    (t) => <PublicLoginPage t={t} {...props} />,
    status,
  );
}
