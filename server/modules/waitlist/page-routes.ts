import { randomBytes } from 'node:crypto';
import cookieParser from 'cookie-parser';
import { Router, type Request, type Response } from 'express';
import type { z } from 'zod';
import type { Db } from '../../db';
import { HttpError } from '../../errors';
import { bodyParsers } from '../../http/body-parsers';
import { clientAddress } from '../../http/client-address';
import { inEveryLanguage } from '../pages/language-routes';
import { requestSiteOf } from '../pages/request-site';
import { formErrors } from '../../http/validate';
import { renderPage, type RenderDeps } from '../../ssr/render';
import { captchaViewFor } from '../../../shared/forms/captcha-view';
import { csrfTokenFor } from '../auth/csrf';
import type { SessionStack } from '../auth/session-middleware';
import { captchaOptions } from '../forms/captcha-settings';
import { idempotentRequestOf } from '../idempotency/request';
import { catalogFor } from '../../../shared/i18n/catalogs';
import { createTranslator } from '../../../shared/i18n/translator';
import {
  bookingRequestSchema,
  joinRequestSchema,
  localDateField,
  partySizeField,
  publicIdField,
  reservationPageExtraSchema,
  rlidField,
  waitlistPageExtraSchema,
  type FormState,
} from '../../../shared/schemas/waitlist';
import type { ResolvedPage } from '../pages/public-service';
import * as reservations from './reservation-service';
import * as service from './service';
import { restaurantSummary } from './guest-contact';
import { withoutControlFields } from './routes';

const JOIN_FIELDS = ['partySize', 'name', 'phone', 'email', 'note'] as const;
const BOOK_FIELDS = ['date', 'time', 'partySize', 'name', 'phone', 'email', 'note'] as const;
/** Where a refusal's message shows: beside its field, the captcha's beside the widget. */
const JOIN_ERROR_FIELDS = [...JOIN_FIELDS, 'captcha'] as const;
const BOOK_ERROR_FIELDS = [...BOOK_FIELDS, 'captcha'] as const;
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** The form's idempotency key: the one it was sent with (a corrected resend), else a new one. */
const formKey = (values: Record<string, string>) =>
  values.idempotencyKey && KEY_PATTERN.test(values.idempotencyKey)
    ? values.idempotencyKey
    : randomBytes(16).toString('base64url');

/** After a key was spent on another request, the form gets a new key and a message a person can act on. */
function afterRefusal(error: HttpError, values: Record<string, string>): Record<string, string> {
  if (error.code !== 'idempotency_key_reused') return values;
  const { idempotencyKey: _spent, ...rest } = values;
  return rest;
}
const personMessage = (error: HttpError): HttpError =>
  error.code === 'idempotency_key_reused'
    ? new HttpError(error.status, error.code, 'This form was already sent. Please check the details and send it again.')
    : error;

const emptyForm = (values: Record<string, string> = {}): FormState => ({ values, fieldErrors: {}, nonFieldErrors: [] });
const stringValues = (body: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries(typeof body === 'object' && body !== null ? body : {}).filter(([, v]) => typeof v === 'string'),
  ) as Record<string, string>;

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

/** The page's language prefix ('' or e.g. '/fr'): every link and redirect of these pages keeps it. */
const prefixOf = (res: Response) => requestSiteOf(res).root.prefix;

/** A translator for the request's language (page titles are built here, not in the template). */
const translatorFor = (res: Response) => createTranslator(catalogFor(requestSiteOf(res).root.languageCode));

function guestPages(db: Db, renderDeps: RenderDeps, sessions: SessionStack): Router {
  const router = Router();
  const { config } = renderDeps;
  const captcha = captchaOptions(config);
  // The session carries the forms' CSRF token (so these pages are never cached) and is the
  // client an idempotency key belongs to; the app-wide check has already refused foreign posts.
  router.use(
    ['/waitlist', '/reservations'],
    ...bodyParsers('16kb'),
    ...sessions.middleware,
    cookieParser(config.sessionSecret),
  );
  const captchaView = (res: Response) =>
    captchaViewFor(config.captchaScriptOrigin ?? '', requestSiteOf(res).root.languageCode);

  const render = async (
    res: Response,
    template: 'WaitlistPage' | 'ReservationPage',
    title: string,
    url: string,
    extra: Record<string, unknown>,
    status: ResolvedPage['status'] = 200,
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

  const renderJoin = async (
    req: Request,
    res: Response,
    rlid: number,
    form: FormState,
    status: ResolvedPage['status'] = 200,
  ) => {
    const state = await service.waitlistState(db, rlid);
    await render(
      res,
      'WaitlistPage',
      translatorFor(res)('Join the wait list: {name}', { values: { name: state.restaurant.name } }),
      pathOf(req),
      waitlistPageExtraSchema.parse({
        mode: 'join',
        state,
        form,
        csrfToken: csrfTokenFor(req),
        captcha: captchaView(res),
        idempotencyKey: formKey(form.values),
      }),
      status,
    );
  };

  router.get('/waitlist/join/', async (req, res) => {
    const rlid = parseParam(rlidField, req.query.rlid);
    await renderJoin(req, res, rlid, emptyForm({ partySize: '2' }));
  });

  router.post('/waitlist/join/', async (req, res) => {
    const rlid = parseParam(rlidField, req.query.rlid ?? (req.body as Record<string, unknown>)?.rlid);
    const { captcha: answer, csrfmiddlewaretoken: _token, ...values } = stringValues(req.body);
    const parsed = joinRequestSchema.safeParse({ ...pick(values, [...JOIN_FIELDS, 'idempotencyKey']), rlid });
    if (!parsed.success)
      return renderJoin(req, res, rlid, { values, ...formErrors(parsed.error, JOIN_ERROR_FIELDS) }, 400);
    try {
      const { entry } = await service.join(db, parsed.data, {
        ip: clientAddress(req),
        origin: origin(res),
        language: languageOf(res),
        captcha: { options: captcha, payload: answer },
        idempotency: idempotentRequestOf(req, withoutControlFields(parsed.data), parsed.data.idempotencyKey),
      });
      res.redirect(303, `${prefixOf(res)}${entry.links.page}`);
    } catch (error) {
      if (error instanceof HttpError && error.status < 500 && error.status !== 404) {
        return renderJoin(
          req,
          res,
          rlid,
          { values: afterRefusal(error, values), ...formErrors(personMessage(error), JOIN_ERROR_FIELDS) },
          error.status as ResolvedPage['status'],
        );
      }
      throw error;
    }
  });

  router.get('/waitlist/:id/', async (req, res) => {
    const id = parseParam(publicIdField, req.params.id);
    const entry = await service.entryByPublicId(db, id);
    await render(
      res,
      'WaitlistPage',
      translatorFor(res)('Your place in line: {name}', { values: { name: entry.restaurant.name } }),
      pathOf(req),
      waitlistPageExtraSchema.parse({
        mode: 'entry',
        entry,
        cancelled: req.query.cancelled === '1',
        csrfToken: csrfTokenFor(req),
      }),
    );
  });

  router.post('/waitlist/:id/cancel/', async (req, res) => {
    const id = parseParam(publicIdField, req.params.id);
    try {
      await service.cancelByGuest(db, id);
    } catch (error) {
      // Already closed: the page shows the entry's state.
      if (!(error instanceof HttpError && error.status === 409)) throw error;
    }
    res.redirect(303, `${prefixOf(res)}/waitlist/${id}/?cancelled=1`);
  });

  const renderNew = async (
    req: Request,
    res: Response,
    rlid: number,
    form: FormState,
    status: ResolvedPage['status'] = 200,
  ) => {
    const row = await service.requireLocation(db, rlid);
    const date = localDateField.safeParse(form.values.date).success
      ? form.values.date!
      : await reservations.firstBookableDate(db, row.rlid);
    const partySize = partySizeField.safeParse(form.values.partySize ?? '2');
    let availability = null;
    try {
      availability = await reservations.availability(db, rlid, date, partySize.success ? partySize.data : 2);
    } catch (error) {
      if (!(error instanceof HttpError) || error.status >= 500) throw error;
      if (error.status === 409) throw error;
      form.fieldErrors.date ??= error.message;
    }
    const extra = reservationPageExtraSchema.parse({
      mode: 'new',
      rlid,
      restaurant: restaurantSummary(row),
      maxPartySize: service.maxPartySize(row),
      availability,
      idempotencyKey: formKey(form.values),
      csrfToken: csrfTokenFor(req),
      captcha: captchaView(res),
      form: { ...form, values: { date, partySize: '2', ...form.values, ...(form.values.date ? {} : { date }) } },
    });
    await render(
      res,
      'ReservationPage',
      translatorFor(res)('Reserve a table: {name}', { values: { name: restaurantSummary(row).name } }),
      pathOf(req),
      extra,
      status,
    );
  };

  router.get('/reservations/new/', async (req, res) => {
    const rlid = parseParam(rlidField, req.query.rlid);
    await renderNew(req, res, rlid, emptyForm(stringValues(pick(stringValues(req.query), ['date', 'partySize']))));
  });

  router.post('/reservations/new/', async (req, res) => {
    const rlid = parseParam(rlidField, req.query.rlid ?? (req.body as Record<string, unknown>)?.rlid);
    const { captcha: answer, csrfmiddlewaretoken: _token, ...values } = stringValues(req.body);
    const parsed = bookingRequestSchema.safeParse({ ...pick(values, [...BOOK_FIELDS, 'idempotencyKey']), rlid });
    if (!parsed.success)
      return renderNew(req, res, rlid, { values, ...formErrors(parsed.error, BOOK_ERROR_FIELDS) }, 400);
    try {
      const { reservation } = await reservations.book(db, parsed.data, {
        ip: clientAddress(req),
        origin: origin(res),
        language: languageOf(res),
        captcha: { options: captcha, payload: answer },
        idempotency: idempotentRequestOf(req, withoutControlFields(parsed.data), parsed.data.idempotencyKey),
      });
      res.redirect(303, `${prefixOf(res)}${reservation.links.page}`);
    } catch (error) {
      if (error instanceof HttpError && error.status < 500 && error.status !== 404) {
        return renderNew(
          req,
          res,
          rlid,
          { values: afterRefusal(error, values), ...formErrors(personMessage(error), BOOK_ERROR_FIELDS) },
          error.status as ResolvedPage['status'],
        );
      }
      throw error;
    }
  });

  const renderManage = async (
    req: Request,
    res: Response,
    id: string,
    form: FormState,
    status: ResolvedPage['status'] = 200,
  ) => {
    const reservation = await reservations.reservationByPublicId(db, id);
    const date = localDateField.safeParse(form.values.date).success ? form.values.date! : reservation.date;
    let availability = null;
    if (reservation.status === 'booked') {
      try {
        availability = await reservations.availability(db, reservation.rlid, date, reservation.partySize);
      } catch (error) {
        if (!(error instanceof HttpError) || error.status >= 500) throw error;
        form.fieldErrors.date ??= error.message;
      }
    }
    const extra = reservationPageExtraSchema.parse({
      mode: 'manage',
      reservation,
      availability,
      csrfToken: csrfTokenFor(req),
      form: {
        ...form,
        values: { date, time: reservation.time, partySize: String(reservation.partySize), ...form.values },
      },
    });
    await render(
      res,
      'ReservationPage',
      translatorFor(res)('Your reservation: {name}', { values: { name: reservation.restaurant.name } }),
      pathOf(req),
      extra,
      status,
    );
  };

  router.get('/reservations/:id/', async (req, res) => {
    const id = parseParam(publicIdField, req.params.id);
    await renderManage(req, res, id, emptyForm(stringValues(pick(stringValues(req.query), ['date']))));
  });

  router.post('/reservations/:id/cancel/', async (req, res) => {
    const id = parseParam(publicIdField, req.params.id);
    try {
      await reservations.cancelReservation(db, id, origin(res));
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 409)) throw error;
    }
    res.redirect(303, `${prefixOf(res)}/reservations/${id}/`);
  });

  router.post('/reservations/:id/change/', async (req, res) => {
    const id = parseParam(publicIdField, req.params.id);
    const values = stringValues(req.body);
    try {
      const date = localDateField.parse(values.date);
      const partySize = partySizeField.parse(values.partySize);
      await reservations.changeReservation(db, id, { date, time: values.time ?? '', partySize }, origin(res));
      res.redirect(303, `${prefixOf(res)}/reservations/${id}/`);
    } catch (error) {
      if (error instanceof HttpError && error.status < 500 && error.status !== 404) {
        return renderManage(
          req,
          res,
          id,
          { values, ...formErrors(error, BOOK_FIELDS) },
          error.status as ResolvedPage['status'],
        );
      }
      if (error instanceof Error && error.name === 'ZodError')
        return renderManage(
          req,
          res,
          id,
          { values, fieldErrors: { date: 'Please choose a date and a party size' }, nonFieldErrors: [] },
          400,
        );
      throw error;
    }
  });

  return router;
}

/** The request's whole path, the language prefix included (the pages' router may be mounted under it). */
const pathOf = (req: Request) => `${req.baseUrl}${req.path}`;

function pick<T extends Record<string, unknown>>(values: T, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => values[k] !== undefined && values[k] !== '').map((k) => [k, values[k]]));
}
