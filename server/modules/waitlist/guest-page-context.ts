import type { Response } from 'express';
import type * as z from 'zod';
import type { Db } from '../../db';
import { HttpError } from '../../errors';
import { renderPage, type RenderDeps } from '../../ssr/render';
import { captchaViewFor } from '../../../shared/forms/captcha-view';
import { catalogFor } from '../../../shared/i18n/catalogs';
import { createTranslator } from '../../../shared/i18n/translator';
import { captchaOptions } from '../forms/captcha-settings';
import type { ResolvedPage } from '../pages/public-service';
import { requestSiteOf } from '../pages/request-site';

/** The page's language prefix ('' or e.g. '/fr'): every link and redirect of these pages keeps it. */
export const prefixOf = (res: Response) => requestSiteOf(res).root.prefix;

/** A translator for the request's language (page titles are built here, not in the template). */
export const translatorFor = (res: Response) => createTranslator(catalogFor(requestSiteOf(res).root.languageCode));

export type GuestPageTemplate = 'WaitlistPage' | 'ReservationPage';
export type GuestPageStatus = ResolvedPage['status'];

/**
 * What every guest page of the wait list and reservations renders with: the page shell in the
 * request's language (noindex, never cached, with its twins in the site's other languages), the
 * captcha, and the request's origin and language kept with an entry or a booking.
 */
export function guestPageContext(db: Db, renderDeps: RenderDeps) {
  const { config } = renderDeps;
  const captcha = captchaOptions(config);
  const captchaView = (res: Response) =>
    captchaViewFor(config.captchaScriptOrigin ?? '', requestSiteOf(res).root.languageCode);

  const render = async (
    res: Response,
    template: GuestPageTemplate,
    title: string,
    url: string,
    extra: Record<string, unknown>,
    status: GuestPageStatus = 200,
  ) => {
    const { tree, root } = requestSiteOf(res);
    res.set('Cache-Control', 'no-store');
    // The same page in the site's other languages, for the footer's language switcher.
    // Its query (the rlid, the chosen day) comes along.
    const original = res.req.originalUrl;
    const below = `${url.slice(root.prefix.length)}${original.includes('?') ? original.slice(original.indexOf('?')) : ''}`;
    const alternates = tree.roots
      .filter((other) => other !== root)
      .map((other) => ({ languageCode: other.languageCode, url: `${other.prefix}${below}` }));
    await renderPage(
      res,
      {
        kind: 'page',
        status,
        tree,
        root,
        template,
        alternates,
        page: {
          id: root.page.id,
          pageType: template,
          title,
          seoTitle: '',
          searchDescription: '',
          robots: 'noindex',
          url,
          lastPublishedAt: null,
          content: {},
          extra,
        },
      },
      renderDeps,
    );
  };
  const origin = (res: Response) => requestSiteOf(res).origin;
  /** The language of this page, stored with the entry or booking for the messages sent later. */
  const languageOf = (res: Response) => ({ code: requestSiteOf(res).root.languageCode, prefix: prefixOf(res) });
  const parseParam = <T extends z.ZodType>(schema: T, value: unknown): z.infer<T> => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new HttpError(404, 'not_found', 'The page does not exist.');
    return parsed.data;
  };

  return { db, captcha, captchaView, render, origin, languageOf, parseParam };
}

export type GuestPageContext = ReturnType<typeof guestPageContext>;
