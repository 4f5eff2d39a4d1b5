import type { Request, Response, Router } from 'express';
import { HttpError } from '../../errors';
import { clientAddress } from '../../http/client-address';
import { formErrors } from '../../http/validate';
import { csrfTokenFor } from '../auth/csrf';
import { idempotentRequestOf } from '../idempotency/request';
import {
  bookingRequestSchema,
  localDateField,
  partySizeField,
  publicIdField,
  reservationPageExtraSchema,
  rlidField,
  type FormState,
} from '../../../shared/schemas/waitlist';
import { prefixOf, translatorFor, type GuestPageContext, type GuestPageStatus } from './guest-page-context';
import { afterRefusal, emptyForm, formKey, pathOf, personMessage, pick, stringValues } from './guest-page-form';
import { restaurantSummary } from './guest-contact';
import * as reservations from './reservation-service';
import { withoutControlFields } from './routes';
import * as service from './service';

const BOOK_FIELDS = ['date', 'time', 'partySize', 'name', 'phone', 'email', 'note'] as const;
/** Where a refusal's message shows: beside its field, the captcha's beside the widget. */
const BOOK_ERROR_FIELDS = [...BOOK_FIELDS, 'captcha'] as const;

/**
 * The reservations' guest pages: booking a table (/reservations/new/?rlid=…, a day's free times),
 * and the reservation's manage page with its change and cancel forms. Permission: public; the
 * reservation's public id is the guest's key.
 */
export function reservationGuestPages(
  router: Router,
  { db, captcha, captchaView, render, origin, languageOf, parseParam }: GuestPageContext,
): void {
  const renderNew = async (
    req: Request,
    res: Response,
    rlid: number,
    form: FormState,
    status: GuestPageStatus = 200,
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
          error.status as GuestPageStatus,
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
    status: GuestPageStatus = 200,
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
          error.status as GuestPageStatus,
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
}
