import { Router, type Request, type Response } from 'express';
import type { Db } from '../../db';
import { bodyParsers } from '../../http/body-parsers';
import { clientAddress } from '../../http/client-address';
import { resolveRequestSite } from '../../http/site';
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
export function waitlistRoutes(db: Db): Router {
  const router = Router();
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

  router.use('/api/waitlist', ...bodyParsers('16kb'));
  router.use('/api/reservations', ...bodyParsers('16kb'));

  router.post('/api/waitlist', async (req, res) => {
    const input = parseOr400(joinRequestSchema, req.body ?? {}, 'wait-list request');
    const entry = await service.join(db, input, { ip: clientAddress(req), origin: await origin(req, res) });
    noStore(res).status(201).location(entry.links.api).json(entry);
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
    parseOr400(entryActionSchema, req.body ?? {}, 'action');
    noStore(res).json(await service.cancelByGuest(db, id));
  });

  router.get('/api/reservations/availability', async (req, res) => {
    const { rlid, date, partySize } = parseOr400(availabilityQuerySchema, req.query, 'query');
    noStore(res).json(
      await reservations.availability(db, rlid, date ?? (await reservations.firstBookableDate(db, rlid)), partySize),
    );
  });

  router.post('/api/reservations', async (req, res) => {
    const input = parseOr400(bookingRequestSchema, req.body ?? {}, 'booking');
    const header = req.get('Idempotency-Key');
    const idempotencyKey =
      header === undefined
        ? undefined
        : parseOr400(bookingRequestSchema.shape.idempotencyKey, header, 'Idempotency-Key header');
    const { reservation, replayed } = await reservations.book(db, input, {
      ip: clientAddress(req),
      origin: await origin(req, res),
      idempotencyKey,
    });
    noStore(res)
      .status(replayed ? 200 : 201)
      .location(reservation.links.api)
      .json(reservation);
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
    const action = parseOr400(reservationActionSchema, req.body ?? {}, 'action');
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
