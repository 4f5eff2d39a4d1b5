import express, { type Router } from 'express';
import { csrfTokenFor } from './csrf';
import type { SessionStack } from './session-middleware';

/** GET /api-nc/csrftoken/: a token for scripts that post forms or JSON (spec section 7). */
export function csrfTokenRoutes(sessions: SessionStack): Router {
  const router = express.Router();
  router.use(...sessions.middleware);
  // Permission: anyone; the token is bound to the caller's own session.
  router.get('/csrftoken/', (req, res) => {
    res.setHeader('Cache-Control', 'no-store, private');
    res.json({ csrf_token: csrfTokenFor(req) });
  });
  return router;
}
