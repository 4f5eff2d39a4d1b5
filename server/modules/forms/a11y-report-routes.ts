import { Router, type Request, type Response } from 'express';
import 'express-session';
import { HttpError } from '../../errors';
import { bodyParsers } from '../../http/body-parsers';
import { clientAddress } from '../../http/client-address';
import { formErrors, noFormErrors } from '../../http/validate';
import { renderPage, type RenderDeps } from '../../ssr/render';
import { captchaViewFor } from '../../../shared/forms/captcha-view';
import { catalogFor } from '../../../shared/i18n/catalogs';
import { createTranslator } from '../../../shared/i18n/translator';
import {
  A11Y_REPORT_FIELDS,
  A11Y_REPORT_PATH,
  a11yReportSchema,
  type A11yReportPageExtra,
} from '../../../shared/schemas/a11y-report';
import type { FormErrorsView } from '../../../shared/forms/form-state';
import { csrfTokenFor } from '../auth/csrf';
import type { SessionStack } from '../auth/session-middleware';
import { inEveryLanguage } from '../pages/language-routes';
import { requestSiteOf } from '../pages/request-site';
import type { ResolvedPage } from '../pages/public-service';
import type { Db } from '../../db';
import { submitA11yReport } from './a11y-report-service';
import { CAPTCHA_FIELD, CAPTCHA_MESSAGES } from './captcha';
import { GuestFormRateLimited } from './guards';
import { captchaOptions } from './captcha-settings';

declare module 'express-session' {
  interface SessionData {
    /** Set by a stored report: the report page's next GET says thank you once (post/redirect/get). */
    a11yReportSent?: boolean;
  }
}

/** Every path the report page can have, with or without a language prefix. */
export const A11Y_REPORT_SCOPE = /\/accessibility-report/i;
const ERROR_FIELDS = [...A11Y_REPORT_FIELDS, 'captcha'] as const;

const strings = (source: unknown): Record<string, string> => {
  const values: Record<string, string> = {};
  const record = typeof source === 'object' && source !== null ? (source as Record<string, unknown>) : {};
  for (const field of A11Y_REPORT_FIELDS) {
    const value = record[field];
    values[field] = typeof value === 'string' ? value.slice(0, 8000) : '';
  }
  return values;
};

/**
 * The accessibility report page, used when no external feedback service is configured
 * (issue 29): the footer links here with the page's address (the footer is cached, so it cannot
 * carry a CSRF token; this page is never cached and has one). Permission: public, with the
 * session's CSRF token, the captcha and the guest forms' limit. Answers under the site's own
 * language and under its other languages' prefix (/fr/accessibility-report/).
 */
export function a11yReportRoutes(db: Db, renderDeps: RenderDeps, sessions: SessionStack): Router {
  return inEveryLanguage(reportPage(db, renderDeps, sessions));
}

function reportPage(db: Db, renderDeps: RenderDeps, sessions: SessionStack): Router {
  const router = Router();
  const { config } = renderDeps;
  const captcha = captchaOptions(config);
  router.use(A11Y_REPORT_PATH, ...bodyParsers('32kb'), ...sessions.middleware);

  const render = async (
    req: Request,
    res: Response,
    parts: Partial<A11yReportPageExtra>,
    status: ResolvedPage['status'] = 200,
  ) => {
    const { tree, root } = requestSiteOf(res);
    const t = createTranslator(catalogFor(root.languageCode));
    const extra: A11yReportPageExtra = {
      csrfToken: csrfTokenFor(req),
      sent: false,
      values: strings({}),
      errors: noFormErrors(),
      captcha: captchaViewFor(config.captchaScriptOrigin ?? '', root.languageCode),
      ...parts,
    };
    res.set('Cache-Control', 'private, no-store');
    await renderPage(
      res,
      {
        kind: 'page',
        status,
        tree,
        root,
        template: 'AccessibilityReportPage',
        alternates: tree.roots
          .filter((other) => other !== root)
          .map((other) => ({ languageCode: other.languageCode, url: `${other.prefix}${A11Y_REPORT_PATH}` })),
        page: {
          id: root.page.id,
          pageType: 'AccessibilityReportPage',
          title: t('Report a website accessibility issue'),
          seoTitle: '',
          searchDescription: '',
          robots: 'noindex',
          url: `${root.prefix}${A11Y_REPORT_PATH}`,
          lastPublishedAt: null,
          content: {},
          extra,
        },
      },
      renderDeps,
    );
  };

  router.get(A11Y_REPORT_PATH, async (req, res) => {
    const sent = req.session.a11yReportSent === true;
    if (sent) delete req.session.a11yReportSent;
    // The footer's link brings the page address (and the screen size, when its script ran).
    await render(req, res, { sent, values: strings(req.query) });
  });

  router.post(A11Y_REPORT_PATH, async (req, res) => {
    const body = typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {};
    const values = strings(body);
    const parsed = a11yReportSchema.safeParse(body);
    if (!parsed.success) {
      const errors: FormErrorsView = formErrors(parsed.error, ERROR_FIELDS);
      if (typeof body[CAPTCHA_FIELD] !== 'string' || !body[CAPTCHA_FIELD])
        errors.fieldErrors.captcha ??= CAPTCHA_MESSAGES.missing;
      return render(req, res, { values, errors }, 400);
    }
    const { root, site } = requestSiteOf(res);
    try {
      await submitA11yReport(
        db,
        captcha,
        {
          siteId: site.id,
          languageCode: root.languageCode,
          ip: clientAddress(req),
          userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'].slice(0, 500) : '',
        },
        parsed.data,
        body[CAPTCHA_FIELD],
      );
    } catch (error) {
      if (error instanceof GuestFormRateLimited) res.setHeader('Retry-After', String(error.retryAfterSeconds));
      if (error instanceof HttpError && (error.status === 400 || error.status === 429))
        return render(req, res, { values, errors: formErrors(error, ERROR_FIELDS) }, error.status);
      throw error;
    }
    req.session.a11yReportSent = true;
    res.set('Cache-Control', 'private, no-store');
    res.redirect(303, `${root.prefix}${A11Y_REPORT_PATH}`);
  });
  return router;
}
