import cookieParser from 'cookie-parser';
import { Router, type Request, type Response } from 'express';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { bodyParsers } from '../../http/body-parsers';
import { clientAddress } from '../../http/client-address';
import { resolveRequestSite } from '../pages/request-site';
import { parseOr400 } from '../../http/validate';
import {
  availabilityQuerySchema,
  bookingRequestSchema,
  entryActionSchema,
  estimateQuerySchema,
  joinRequestSchema,
  publicIdParamsSchema,
  reservationActionSchema,
  waitlistStateQuerySchema,
} from '../../../shared/schemas/waitlist';
import { CSRF_FIELD } from '../auth/csrf';
import { captchaOptions } from '../forms/captcha-settings';
import { idempotentRequestOf } from '../idempotency/request';
import { openApiDocument } from './openapi';
import * as reservations from './reservation-service';
import * as service from './service';
import { streamEntry } from './live';

/**
 * The public wait-list and reservation API (spec section 7's named wait-list routes plus the
 * reservation routes), documented in /api/openapi.json. Anonymous (permission: public): a
 * plan-ahead or reservation id is the guest's key to their own entry. No list carries contact
 * details. Routing is not strict, so each path answers with and without its trailing slash.
 */
export function waitlistRoutes(db: Db, config: Config): Router {
  const router = Router();
  const captcha = captchaOptions(config);
  const noStore = (res: Response) => res.set('Cache-Control', 'no-store');
  const origin = async (req: Request, res: Response) => (await resolveRequestSite(db, req, res)).origin;

  router.get('/api/openapi.json', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(openApiDocument());
  });

  router.get('/api/location/getwaitlist', async (req, res) => {
    const { rlid } = parseOr400(waitlistStateQuerySchema, req.query, 'query');
    res.set('Cache-Control', 'public, max-age=15').json(await service.waitlistState(db, rlid));
  });

  router.get('/api/waitlist/estimate', async (req, res) => {
    const { rlid, partySize } = parseOr400(estimateQuerySchema, req.query, 'query');
    res.set('Cache-Control', 'public, max-age=15').json(await service.estimate(db, rlid, partySize));
  });

  // The session cookie, signed, is the client an Idempotency-Key belongs to.
  router.use(['/api/waitlist', '/api/reservations'], ...bodyParsers('16kb'), cookieParser(config.sessionSecret));

  router.post('/api/waitlist', async (req, res) => {
    const input = parseOr400(joinRequestSchema, requestBody(req), 'wait-list request');
    const { entry, replayed } = await service.join(db, input, {
      ip: clientAddress(req),
      origin: await origin(req, res),
      captcha: { options: captcha, payload: input.captcha },
      idempotency: idempotentRequestOf(req, withoutControlFields(input), input.idempotencyKey),
    });
    answerCreated(res, entry.links.api, entry, replayed);
  });

  router.get('/api/waitlist/:id', async (req, res) => {
    const { id } = parseOr400(publicIdParamsSchema, req.params, 'entry id');
    noStore(res).json(await service.entryByPublicId(db, id));
  });

  router.get('/api/waitlist/:id/events', async (req, res) => {
    const { id } = parseOr400(publicIdParamsSchema, req.params, 'entry id');
    await streamEntry(db, id, req, res);
  });

  router.delete('/api/waitlist/:id', async (req, res) => {
    const { id } = parseOr400(publicIdParamsSchema, req.params, 'entry id');
    noStore(res).json(await service.cancelByGuest(db, id));
  });

  router.post('/api/waitlist/:id', async (req, res) => {
    const { id } = parseOr400(publicIdParamsSchema, req.params, 'entry id');
    parseOr400(entryActionSchema, requestBody(req), 'action');
    noStore(res).json(await service.cancelByGuest(db, id));
  });

  router.get('/api/reservations/availability', async (req, res) => {
    const { rlid, date, partySize } = parseOr400(availabilityQuerySchema, req.query, 'query');
    noStore(res).json(
      await reservations.availability(db, rlid, date ?? (await reservations.firstBookableDate(db, rlid)), partySize),
    );
  });

  router.post('/api/reservations', async (req, res) => {
    const input = parseOr400(bookingRequestSchema, requestBody(req), 'booking');
    const { reservation, replayed } = await reservations.book(db, input, {
      ip: clientAddress(req),
      origin: await origin(req, res),
      captcha: { options: captcha, payload: input.captcha },
      idempotency: idempotentRequestOf(req, withoutControlFields(input), input.idempotencyKey),
    });
    answerCreated(res, reservation.links.api, reservation, replayed);
  });

  router.get('/api/reservations/:id', async (req, res) => {
    const { id } = parseOr400(publicIdParamsSchema, req.params, 'reservation id');
    noStore(res).json(await reservations.reservationByPublicId(db, id));
  });

  router.delete('/api/reservations/:id', async (req, res) => {
    const { id } = parseOr400(publicIdParamsSchema, req.params, 'reservation id');
    noStore(res).json(await reservations.cancelReservation(db, id, await origin(req, res)));
  });

  router.post('/api/reservations/:id', async (req, res) => {
    const { id } = parseOr400(publicIdParamsSchema, req.params, 'reservation id');
    const action = parseOr400(reservationActionSchema, requestBody(req), 'action');
    const result =
      action.action === 'cancel'
        ? await reservations.cancelReservation(db, id, await origin(req, res))
        : await reservations.changeReservation(
            db,
            id,
            { date: action.date, time: action.time, partySize: action.partySize },
            await origin(req, res),
          );
    noStore(res).json(result);
  });

  return router;
}

/** The body, without the CSRF token a form post carries (the CSRF check has read it; the schemas are strict). */
function requestBody(req: Request): Record<string, unknown> {
  const body = typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {};
  const { [CSRF_FIELD]: _token, ...rest } = body;
  return rest;
}

/** What the request asks for, without the captcha and the key: what its idempotency fingerprint covers. */
export function withoutControlFields<T extends { captcha?: string; idempotencyKey?: string }>(
  input: T,
): Omit<T, 'captcha' | 'idempotencyKey'> {
  const { captcha: _captcha, idempotencyKey: _key, ...rest } = input;
  return rest;
}

/**
 * 201 with the new resource, or the stored first answer of a retried request (the draft's
 * "respond with the result of the previously completed operation"), marked Idempotent-Replayed.
 */
function answerCreated(res: Response, location: string, body: unknown, replayed: boolean): void {
  res.set('Cache-Control', 'no-store');
  if (replayed) res.set('Idempotent-Replayed', 'true');
  res.status(201).location(location).json(body);
}
