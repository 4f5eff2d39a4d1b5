import type { Request, Response, Router } from 'express';
import { HttpError } from '../../errors';
import { clientAddress } from '../../http/client-address';
import { formErrors } from '../../http/validate';
import { csrfTokenFor } from '../auth/csrf';
import { idempotentRequestOf } from '../idempotency/request';
import {
  joinRequestSchema,
  publicIdField,
  rlidField,
  waitlistPageExtraSchema,
  type FormState,
} from '../../../shared/schemas/waitlist';
import { prefixOf, translatorFor, type GuestPageContext, type GuestPageStatus } from './guest-page-context';
import { afterRefusal, emptyForm, formKey, pathOf, personMessage, pick, stringValues } from './guest-page-form';
import { withoutControlFields } from './routes';
import * as service from './service';

const JOIN_FIELDS = ['partySize', 'name', 'phone', 'email', 'note'] as const;
/** Where a refusal's message shows: beside its field, the captcha's beside the widget. */
const JOIN_ERROR_FIELDS = [...JOIN_FIELDS, 'captcha'] as const;

/**
 * The wait list's guest pages: joining a restaurant's list (/waitlist/join/?rlid=…), the entry's
 * own page and its cancel button. Permission: public; the entry's public id is the guest's key.
 */
export function waitlistGuestPages(
  router: Router,
  { db, captcha, captchaView, render, origin, languageOf, parseParam }: GuestPageContext,
): void {
  const renderJoin = async (
    req: Request,
    res: Response,
    rlid: number,
    form: FormState,
    status: GuestPageStatus = 200,
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
          error.status as GuestPageStatus,
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
}
