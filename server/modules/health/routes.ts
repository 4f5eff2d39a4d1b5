import { Router } from 'express';
import * as z from 'zod';
import { RETRY_AFTER_SECONDS } from '../../database-errors';
import { HttpError } from '../../errors';
import { runChecks, type HealthChecks } from './service';

const subsetSchema = z.object({ subset: z.string().regex(/^[a-z_]+$/) });

/**
 * /api/ht/ runs every check, /api/ht/{subset}/ one of them (200 when all pass, else 503).
 * /admin/lb-heartbeat/ is the load balancer's check: the process answers, nothing else.
 */
export function healthRoutes(checks: HealthChecks): Router {
  const router = Router();
  const respond = async (names: string[], res: import('express').Response) => {
    const results = await runChecks(checks, names);
    const ok = Object.values(results).every((r) => r.ok);
    if (!ok) res.set('Retry-After', String(RETRY_AFTER_SECONDS));
    res
      .status(ok ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: ok ? 'ok' : 'failing', checks: results });
  };
  router.get('/api/ht/', (_req, res) => respond(Object.keys(checks), res));
  router.get('/api/ht/:subset/', (req, res) => {
    const parsed = subsetSchema.safeParse(req.params);
    const subset = parsed.success ? parsed.data.subset : '';
    // Own keys only: '__proto__' and 'constructor' are "in" every object.
    if (!Object.hasOwn(checks, subset))
      throw new HttpError(
        404,
        'unknown_subset',
        `Unknown health check subset. Known: ${Object.keys(checks).join(', ')}`,
      );
    return respond([subset], res);
  });
  router.get('/admin/lb-heartbeat/', (_req, res) => {
    res.set('Cache-Control', 'no-store').type('text/plain').send('ok');
  });
  return router;
}
