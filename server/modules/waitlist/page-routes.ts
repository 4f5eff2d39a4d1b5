import cookieParser from 'cookie-parser';
import { Router } from 'express';
import type { Db } from '../../db';
import { bodyParsers } from '../../http/body-parsers';
import type { RenderDeps } from '../../ssr/render';
import type { SessionStack } from '../auth/session-middleware';
import { inEveryLanguage } from '../pages/language-routes';
import { guestPageContext } from './guest-page-context';
import { reservationGuestPages } from './reservation-guest-pages';
import { waitlistGuestPages } from './waitlist-guest-pages';

/** Every path these pages can match, with or without a language prefix (the app skips the router for the others). */
export const WAITLIST_PAGE_SCOPE = /\/(?:waitlist|reservations)/i;

/**
 * The guest pages of the wait list and reservations: each panel's server-rendered twin (the
 * buttons are links here, so everything works without JavaScript), the plan-ahead entry page
 * with live updates, and the reservation's manage page. Permission: public; the entry and
 * reservation ids are the guest's keys.
 *
 * They answer in each of the site's languages: under the site's own language without a prefix,
 * and under the others' prefix (the Canada site's French: /fr/waitlist/join/, /fr/reservations/…).
 * A prefix the site does not have falls through to the not-found page.
 */
export function waitlistPageRoutes(db: Db, renderDeps: RenderDeps, sessions: SessionStack): Router {
  return inEveryLanguage(guestPages(db, renderDeps, sessions));
}

function guestPages(db: Db, renderDeps: RenderDeps, sessions: SessionStack): Router {
  const router = Router();
  // The session carries the forms' CSRF token (so these pages are never cached) and is the
  // client an idempotency key belongs to; the app-wide check has already refused foreign posts.
  router.use(
    ['/waitlist', '/reservations'],
    ...bodyParsers('16kb'),
    ...sessions.middleware,
    cookieParser(renderDeps.config.sessionSecret),
  );
  const context = guestPageContext(db, renderDeps);
  waitlistGuestPages(router, context);
  reservationGuestPages(router, context);
  return router;
}
