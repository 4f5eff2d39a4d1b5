import express, { type Router } from 'express';
import type { Db } from '../../db';
import { notFound } from '../../errors';
import { parseOr400 } from '../../http/validate';
import { pingBodySchema, pingParamsSchema, releaseParamsSchema } from '../../../shared/schemas/editing-sessions';
import { csrfTokenFor } from '../auth/csrf';
import { findPage } from '../pages/service';
import { forbidden } from '../permissions/policy';
import { permissionsFor } from '../permissions/request';
import { ping, release } from './service';

/**
 * Editing sessions under /wagtail/editing-sessions/ (Wagtail's ping and release endpoints),
 * mounted behind requireAdmin: signed out is 401 JSON. JSON in and out; the CSRF token comes in
 * the X-CSRFToken header, or as the csrfmiddlewaretoken field for release (sent by
 * navigator.sendBeacon, which cannot set headers). The session middleware checks either.
 */
export function editingSessionRoutes({ db }: { db: Db }): Router {
  const router = express.Router();

  // Permission: 'change' on the page.
  router.post('/editing-sessions/ping/pages/:page_id/:session_key/', async (req, res) => {
    const params = parseOr400(pingParamsSchema, req.params, 'address');
    const body = parseOr400(pingBodySchema, req.body, 'ping');
    const page = await findPage(db, params.page_id);
    if (!page || page.depth === 1) throw notFound('The page does not exist.');
    if (!(await permissionsFor(db, req)).can('change', page))
      throw forbidden('You do not have permission to edit this page.');
    res.setHeader('Cache-Control', 'no-store, private');
    res.json(await ping(db, req.user!.id, page, params.session_key, body));
  });

  // Permission: admin access; only the session's own user can end it (anyone else's key is a no-op).
  router.post('/editing-sessions/release/:session_key/', async (req, res) => {
    const params = parseOr400(releaseParamsSchema, req.params, 'address');
    res.json({ released: await release(db, req.user!.id, params.session_key) });
  });

  // Permission: admin access. The editor asks for the session's token after a refusal: 401 means
  // signed out (ask to log in again), a token means signed in again in another tab (resume).
  router.get('/editing-sessions/csrf-token/', (req, res) => {
    res.setHeader('Cache-Control', 'no-store, private');
    res.json({ csrf_token: csrfTokenFor(req) });
  });

  return router;
}
