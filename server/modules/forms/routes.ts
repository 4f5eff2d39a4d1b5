import express, { type Router } from 'express';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { HttpError } from '../../errors';
import { bodyParsers } from '../../http/body-parsers';
import { clientAddress } from '../../http/client-address';
import { siteOrigin } from '../../http/host';
import { formErrors } from '../../http/validate';
import type { SessionStack } from '../auth/session-middleware';
import { resolveRequestSite } from '../pages/request-site';
import { splitLocalePrefix } from '../pages/site-tree';
import { UNSUBSCRIBE_CONFIRMATION } from '../../../shared/forms/contact-topics';
import { unsubscribeSchema } from '../../../shared/schemas/forms';
import { newChallenge } from './captcha';
import { captchaOptions, CAPTCHA_CHALLENGE_PATH } from './captcha-settings';
import { GuestFormRateLimited } from './guards';
import { bodyOf, str } from './posted-values';
import { unsubscribe } from './service';
import { verifyUnsubscribeToken } from './unsubscribe-token';

/*
 * The forms module's API routes. The contact and signup pages themselves are served by the page
 * router through formPageHandler (form-page-handler.ts); the captcha settings are in
 * captcha-settings.ts.
 */

export const UNSUBSCRIBE_PATH = '/api/fcc/unsubscribe/';
/** Where a one-click link's GET lands: the seeded unsubscribe page, with the address prefilled. */
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe/';

/**
 * The form APIs: the captcha challenge, the unsubscribe block's endpoint (spec section 7: a
 * form-encoded Email and BroadLogId, the CSRF token in X-CSRFToken, an answer of isValid and
 * errors) and the RFC 8058 one-click endpoint of the links in our mails.
 */
export function formApiRoutes({ db, config, sessions }: { db: Db; config: Config; sessions: SessionStack }): Router {
  const router = express.Router();
  const captcha = captchaOptions(config);

  // Permission: public. A fresh signed challenge, never cached.
  router.get(CAPTCHA_CHALLENGE_PATH, async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await newChallenge(captcha));
  });

  // Permission: public, with the session's CSRF token (fetched from /api-nc/csrftoken/ first).
  router.post(UNSUBSCRIBE_PATH, ...sessions.middleware, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const parsed = unsubscribeSchema.safeParse(bodyOf(req));
    if (!parsed.success) {
      const { fieldErrors, nonFieldErrors } = formErrors(parsed.error, ['Email', 'BroadLogId']);
      res.status(400).json({
        isValid: false,
        errors: [fieldErrors.Email, fieldErrors.BroadLogId, ...nonFieldErrors].filter((message): message is string =>
          Boolean(message),
        ),
      });
      return;
    }
    // API paths skip siteContext: the site is resolved here, for the consent record, in the
    // language of the page the form was on (the endpoint has no /fr/ prefix of its own).
    const { tree, site } = await resolveRequestSite(db, req, res);
    const root = splitLocalePrefix(tree, sameSitePath(req.headers.referer, siteOrigin(site))).root;
    try {
      await unsubscribe(
        db,
        {
          siteId: site.id,
          languageCode: root.languageCode,
          sourceUrl: str(req.headers.referer, 500) || `${siteOrigin(site)}${UNSUBSCRIBE_PATH}`,
          ip: clientAddress(req),
          channel: 'unsubscribe_form',
        },
        parsed.data,
        { rateLimit: true },
      );
    } catch (error) {
      if (error instanceof GuestFormRateLimited) {
        res.setHeader('Retry-After', String(error.retryAfterSeconds));
        res.status(429).json({ isValid: false, errors: [error.message] });
        return;
      }
      throw error;
    }
    res.json({ isValid: true, errors: [], message: UNSUBSCRIBE_CONFIRMATION });
  });

  const oneClick = `${UNSUBSCRIBE_PATH}one-click/:token/`;
  // Permission: public; only a valid signature unsubscribes (RFC 8058: no page, no CSRF token).
  router.post(oneClick, ...bodyParsers('10kb'), async (req, res) => {
    const email = verifyUnsubscribeToken(config.sessionSecret, req.params.token);
    if (!email) throw new HttpError(403, 'forbidden', 'This unsubscribe link is not valid.');
    const { root, site } = await resolveRequestSite(db, req, res);
    await unsubscribe(
      db,
      {
        siteId: site.id,
        languageCode: root.languageCode,
        sourceUrl: `${siteOrigin(site)}${UNSUBSCRIBE_PATH}one-click/`,
        ip: clientAddress(req),
        channel: 'one_click',
      },
      { Email: email, BroadLogId: '' },
      { rateLimit: false },
    );
    res.setHeader('Cache-Control', 'no-store');
    res.json({ isValid: true, errors: [], message: UNSUBSCRIBE_CONFIRMATION });
  });

  // Permission: public. A GET never unsubscribes (link checkers and previews follow links): it
  // shows the unsubscribe page with the address filled in, where the guest confirms.
  router.get(oneClick, async (req, res) => {
    const email = verifyUnsubscribeToken(config.sessionSecret, req.params.token);
    const { root } = await resolveRequestSite(db, req, res);
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(
      303,
      `${root.prefix}${UNSUBSCRIBE_PAGE_PATH}${email ? `?utm_unsub=${encodeURIComponent(email)}` : ''}`,
    );
  });
  return router;
}

/** The path of a Referer on this site's own origin, or '/' (another site's or no Referer). */
function sameSitePath(referer: string | undefined, origin: string): string {
  try {
    const url = new URL(referer ?? '');
    return url.origin === new URL(origin).origin ? url.pathname : '/';
  } catch {
    return '/';
  }
}
