import type { NextFunction, Request, RequestHandler, Response } from 'express';
import 'express-session';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { HttpError } from '../../errors';
import { clientAddress } from '../../http/client-address';
import { siteOrigin } from '../../http/host';
import { formErrors, noFormErrors } from '../../http/validate';
import type { Logger } from '../../logger';
import { renderPage, type RenderDeps } from '../../ssr/render';
import { csrfTokenFor } from '../auth/csrf';
import type { SessionStack } from '../auth/session-middleware';
import { preferredRlidFromCookieHeader } from '../locations/preferred-cookie';
import type { ResolvedPage } from '../pages/public-service';
import { CONTACT_FIELDS, MAX_OCCASIONS, SIGNUP_FIELDS } from '../../../shared/forms/contact-topics';
import {
  ACTIONS,
  CONFIRM_PARAM,
  FORM_ACTION,
  type ContactFormState,
  type FormErrorsView,
  type FormState,
  type SignupFormState,
} from '../../../shared/forms/form-state';
import { contactFormSchema, signupFormSchema, TOO_MANY_OCCASIONS } from '../../../shared/schemas/forms';
import { CAPTCHA_FIELD, CAPTCHA_MESSAGES } from './captcha';
import { captchaOptions, captchaView } from './captcha-settings';
import { GuestFormRateLimited } from './guards';
import { emptyOccasion, emptyOccasions, readOccasions } from './occasions-formset';
import { FORM_PAGE_TYPES } from './page-types';
import { bodyOf, str, valuesOf } from './posted-values';
import { formLocation, searchFormLocations, submitContact, type FormContext } from './service';
import { confirmSignup, inspectConfirmation, requestSignup } from './signup-service';

declare module 'express-session' {
  interface SessionData {
    /** The form page just sent (post/redirect/get): its next GET shows the confirmation once. */
    formSentPageId?: number;
    /** The signup page whose confirmation link was just followed: its next GET says so once. */
    formConfirmedPageId?: number;
  }
}

/** Runs middleware (the session stack) inside a handler; an error it passes on rejects. */
function run(req: Request, res: Response, handlers: readonly RequestHandler[]): Promise<void> {
  return handlers.reduce<Promise<void>>(
    (previous, handler) =>
      previous.then(
        () =>
          new Promise<void>(
            (resolve, reject) =>
              void handler(req, res, ((error?: unknown) => (error ? reject(error) : resolve())) as NextFunction),
          ),
      ),
    Promise.resolve(),
  );
}

/** A form sent without the captcha's answer (no script) says so beside its other errors. */
function withCaptchaNote(errors: FormErrorsView, body: Record<string, unknown>): FormErrorsView {
  if (!str(body[CAPTCHA_FIELD]) && errors.fieldErrors.captcha === undefined)
    errors.fieldErrors.captcha = CAPTCHA_MESSAGES.missing;
  return errors;
}

const countryOf = (languageCode: string): 'US' | 'CA' => (/-CA$/i.test(languageCode) ? 'CA' : 'US');

export type FormPageHandler = {
  handles(template: string): boolean;
  get(req: Request, res: Response, resolved: ResolvedPage): Promise<void>;
  post(req: Request, res: Response, resolved: ResolvedPage): Promise<void>;
};

type Deps = { db: Db; config: Config; logger: Logger; sessions: SessionStack; renderDeps: RenderDeps };

/**
 * The contact and signup pages: a GET renders the empty form (with a CSRF token, so the session
 * stack runs on these pages only), a POST to the page itself validates, and either re-renders
 * with errors and the input kept, or stores the submission and redirects (post/redirect/get).
 */
export function formPageHandler({ db, config, logger, sessions, renderDeps }: Deps): FormPageHandler {
  const captcha = captchaOptions(config);

  const render = async (
    res: Response,
    resolved: ResolvedPage,
    form: FormState,
    status: ResolvedPage['status'] = resolved.status,
  ) => {
    res.setHeader('Cache-Control', 'private, no-store');
    await renderPage(
      res,
      { ...resolved, status, page: { ...resolved.page, extra: { ...resolved.page.extra, form } } },
      renderDeps,
    );
  };

  const contactState = (
    req: Request,
    resolved: ResolvedPage,
    parts: Partial<ContactFormState> = {},
  ): ContactFormState => ({
    kind: 'contact',
    csrfToken: csrfTokenFor(req),
    sent: false,
    values: Object.fromEntries(CONTACT_FIELDS.filter((field) => field !== CAPTCHA_FIELD).map((field) => [field, ''])),
    errors: noFormErrors(),
    captcha: captchaView(config, resolved.root.languageCode),
    location: { selected: null, query: '', results: null },
    ...parts,
  });

  const signupState = (
    req: Request,
    resolved: ResolvedPage,
    parts: Partial<SignupFormState> = {},
  ): SignupFormState => ({
    kind: 'signup',
    csrfToken: csrfTokenFor(req),
    sent: false,
    confirmed: false,
    confirmation: null,
    values: Object.fromEntries(SIGNUP_FIELDS.filter((field) => field !== CAPTCHA_FIELD).map((field) => [field, ''])),
    errors: noFormErrors(),
    captcha: captchaView(config, resolved.root.languageCode),
    occasions: emptyOccasions(),
    country: countryOf(resolved.root.languageCode),
    ...parts,
  });

  const contextOf = (req: Request, resolved: ResolvedPage): FormContext => ({
    pageId: resolved.page.id,
    pageTitle: resolved.page.title,
    siteId: resolved.tree.site.id,
    siteOrigin: siteOrigin(resolved.tree.site),
    languageCode: resolved.root.languageCode,
    sourceUrl: `${siteOrigin(resolved.tree.site)}${resolved.page.url}`,
    ip: clientAddress(req),
    userAgent: str(req.headers['user-agent'], 500),
  });

  /**
   * A service's refusal, shown on the form with the input kept: its errors, and its status (a
   * limit is a 429 with Retry-After); anything else is a real failure.
   */
  const refusal = (
    res: Response,
    error: unknown,
    fields: readonly string[],
  ): { errors: FormErrorsView; status: 400 | 429 } | null => {
    if (error instanceof GuestFormRateLimited) {
      res.setHeader('Retry-After', String(error.retryAfterSeconds));
      return { errors: formErrors(error, fields), status: 429 };
    }
    if (error instanceof HttpError && error.status === 400) return { errors: formErrors(error, fields), status: 400 };
    return null;
  };

  const postContact = async (req: Request, res: Response, resolved: ResolvedPage) => {
    const body = bodyOf(req);
    const action = str(body[FORM_ACTION], 40);
    const values = valuesOf(body, CONTACT_FIELDS);
    const query = str(body.location_query, 100);
    const selected = await formLocation(
      db,
      /^\d{1,9}$/.test(values.location_rlid ?? '') ? Number(values.location_rlid) : null,
    );
    if (action === ACTIONS.findLocation || action === ACTIONS.changeLocation) {
      // The chooser without script: a search re-renders the form with the results to pick from.
      const results = action === ACTIONS.findLocation ? await searchFormLocations(db, query) : null;
      return render(
        res,
        resolved,
        contactState(req, resolved, {
          values: { ...values, location_rlid: action === ACTIONS.changeLocation ? '' : (values.location_rlid ?? '') },
          location: { selected: action === ACTIONS.changeLocation ? null : selected, query, results },
        }),
      );
    }
    const fields = [...CONTACT_FIELDS];
    const parsed = contactFormSchema(countryOf(resolved.root.languageCode)).safeParse(body);
    const state = (errors: FormErrorsView) =>
      contactState(req, resolved, { values, errors, location: { selected, query, results: null } });
    if (!parsed.success) return render(res, resolved, state(withCaptchaNote(formErrors(parsed.error, fields), body)));
    try {
      await submitContact(db, captcha, contextOf(req, resolved), parsed.data, body[CAPTCHA_FIELD]);
    } catch (error) {
      const refused = refusal(res, error, fields);
      if (!refused) throw error;
      return render(res, resolved, state(refused.errors), refused.status === 429 ? 429 : resolved.status);
    }
    return sent(req, res, resolved);
  };

  /** A confirmation link's page: the status a link that cannot be used answers with. */
  const CONFIRMATION_STATUS = { ready: 200, used: 409, expired: 410, invalid: 400 } as const;

  const showConfirmation = async (req: Request, res: Response, resolved: ResolvedPage, token: string) => {
    const confirmation = await inspectConfirmation(db, config.sessionSecret, token);
    return render(
      res,
      resolved,
      signupState(req, resolved, { confirmation }),
      CONFIRMATION_STATUS[confirmation.status],
    );
  };

  /** The confirmation page's button: no captcha and no limit, the signed link is the proof. */
  const postConfirmation = async (req: Request, res: Response, resolved: ResolvedPage, token: string) => {
    const status = await confirmSignup(db, config.sessionSecret, token, {
      ip: clientAddress(req),
      userAgent: str(req.headers['user-agent'], 500),
    });
    if (status !== 'confirmed') return showConfirmation(req, res, resolved, token);
    req.session.formConfirmedPageId = resolved.page.id;
    res.setHeader('Cache-Control', 'private, no-store');
    res.redirect(303, resolved.page.url);
  };

  const postSignup = async (req: Request, res: Response, resolved: ResolvedPage) => {
    const body = bodyOf(req);
    const action = str(body[FORM_ACTION], 40);
    if (action === ACTIONS.confirmSignup) return postConfirmation(req, res, resolved, str(body[CONFIRM_PARAM], 100));
    const values = valuesOf(body, SIGNUP_FIELDS);
    const { formset, occasions, valid, tooMany } = readOccasions(body);
    if (action === ACTIONS.addOccasion && formset.totalFormCount < MAX_OCCASIONS) {
      formset.rows.push(emptyOccasion());
      formset.rowErrors = formset.rows.map(() => ({}));
      formset.totalFormCount = formset.rows.length;
      return render(res, resolved, signupState(req, resolved, { values, occasions: formset }));
    }
    const removeMatch = /^remove_occasion-(\d)$/.exec(action);
    if (removeMatch) {
      const index = Number(removeMatch[1]);
      formset.rows.splice(index, 1);
      if (formset.rows.length === 0) formset.rows.push(emptyOccasion());
      formset.rowErrors = formset.rows.map(() => ({}));
      formset.totalFormCount = formset.rows.length;
      return render(res, resolved, signupState(req, resolved, { values, occasions: formset }));
    }
    const fields = [...SIGNUP_FIELDS];
    const parsed = signupFormSchema(countryOf(resolved.root.languageCode)).safeParse(body);
    const state = (errors: FormErrorsView) => signupState(req, resolved, { values, errors, occasions: formset });
    if (!parsed.success || !valid || tooMany) {
      const errors = withCaptchaNote(parsed.success ? noFormErrors() : formErrors(parsed.error, fields), body);
      if (tooMany) errors.nonFieldErrors.push(TOO_MANY_OCCASIONS);
      else if (!valid && formset.rowErrors.every((row) => Object.keys(row).length === 0))
        errors.nonFieldErrors.push('ManagementForm data is missing or has been tampered with.');
      return render(res, resolved, state(errors));
    }
    try {
      await requestSignup(
        db,
        { captcha, secret: config.sessionSecret },
        contextOf(req, resolved),
        parsed.data,
        occasions,
        body[CAPTCHA_FIELD],
      );
    } catch (error) {
      const refused = refusal(res, error, fields);
      if (!refused) throw error;
      return render(res, resolved, state(refused.errors), refused.status === 429 ? 429 : resolved.status);
    }
    return sent(req, res, resolved);
  };

  const sent = (req: Request, res: Response, resolved: ResolvedPage) => {
    req.session.formSentPageId = resolved.page.id;
    res.setHeader('Cache-Control', 'private, no-store');
    res.redirect(303, resolved.page.url);
  };

  return {
    handles: (template) => (FORM_PAGE_TYPES as readonly string[]).includes(template),
    async get(req, res, resolved) {
      await run(req, res, sessions.middleware);
      const justSent = req.session.formSentPageId === resolved.page.id;
      if (justSent) delete req.session.formSentPageId;
      if (resolved.template === 'ContactUsPage') {
        const fromQuery =
          typeof req.query.rlid === 'string' && /^\d{1,9}$/.test(req.query.rlid) ? Number(req.query.rlid) : null;
        const selected = await formLocation(db, fromQuery ?? preferredRlidFromCookieHeader(req.headers.cookie));
        return render(
          res,
          resolved,
          contactState(req, resolved, {
            sent: justSent,
            values: { ...contactState(req, resolved).values, location_rlid: selected ? String(selected.rlid) : '' },
            location: { selected, query: '', results: null },
          }),
        );
      }
      const justConfirmed = req.session.formConfirmedPageId === resolved.page.id;
      if (justConfirmed) delete req.session.formConfirmedPageId;
      const token = req.query[CONFIRM_PARAM];
      if (typeof token === 'string' && !justSent && !justConfirmed)
        return showConfirmation(req, res, resolved, token.slice(0, 100));
      return render(res, resolved, signupState(req, resolved, { sent: justSent, confirmed: justConfirmed }));
    },
    async post(req, res, resolved) {
      await run(req, res, sessions.middleware);
      logger.debug({ pageId: resolved.page.id }, 'form posted');
      if (resolved.template === 'ContactUsPage') return postContact(req, res, resolved);
      return postSignup(req, res, resolved);
    },
  };
}
