import express, { type Request, type Response, type Router } from 'express';
import type { Db } from '../../../db';
import { HttpError } from '../../../errors';
import { resolveRequestSite } from '../../pages/request-site';
import { parseOr400 } from '../../../http/validate';
import {
  grantSchema,
  hostActionSchema,
  hostSettingsSchema,
  pauseSchema,
  rlidField,
  walkInSchema,
} from '../../../../shared/schemas/waitlist';
import { HostStandAccessScreen } from '../../../../views/admin/waitlist/HostStandAccessScreen';
import { HostStandListScreen } from '../../../../views/admin/waitlist/HostStandListScreen';
import { HostStandScreen } from '../../../../views/admin/waitlist/HostStandScreen';
import * as host from '../../waitlist/host-service';
import { streamChanges, writeEvent } from '../../waitlist/live';
import { setFlash, takeFlash } from '../flash';
import { requireSuperuser } from '../../auth/admin-guard';
import { adminScreen, chrome } from '../screen';

const SECTION = 'waitlist';

/**
 * The host stand (issue 14), behind requireAdmin. Permission: the list is open to every admin
 * user and shows the restaurants they may manage; a restaurant's screens and actions need a
 * host-stand grant for it (or for every restaurant) on one of the user's groups, or the
 * superuser flag; the access screen is for superusers.
 */
export function hostStandRoutes({ db }: { db: Db }): Router {
  const router = express.Router();
  const rlidOf = (req: Request) => {
    const parsed = rlidField.safeParse(req.params.rlid);
    if (!parsed.success) throw new HttpError(404, 'not_found', 'No such restaurant.');
    return parsed.data;
  };
  const restaurant = async (req: Request) => host.requireHostAccess(db, chrome(req).user, rlidOf(req));
  const origin = async (req: Request, res: Response) => (await resolveRequestSite(db, req, res)).origin;
  const back = (req: Request, res: Response) => res.redirect(303, `/wagtail/waitlist/${rlidOf(req)}/`);
  /** A refused action is shown on the stand, not as an error page: the host goes on working. */
  const attempt = async (req: Request, res: Response, run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      setFlash(req, done);
    } catch (error) {
      if (!(error instanceof HttpError) || error.status >= 500 || error.status === 403) throw error;
      setFlash(req, `Not done: ${error.fields ? Object.values(error.fields).flat().join(' ') : error.message}`);
    }
    back(req, res);
  };

  router.get('/waitlist/', async (req, res) => {
    const q = typeof req.query.q === 'string' ? req.query.q.trim().slice(0, 100) : '';
    const restaurants = await host.restaurantsFor(db, chrome(req).user, q);
    adminScreen(req, res, {
      section: SECTION,
      title: 'Wait list',
      element: <HostStandListScreen restaurants={restaurants} q={q} />,
    });
  });

  router.get('/waitlist/access/', requireSuperuser, async (req, res) => {
    const element = (
      <HostStandAccessScreen
        grants={await host.listGrants(db)}
        groups={await host.listGroups(db)}
        csrfToken={chrome(req).csrfToken}
        error={takeFlash(req)}
      />
    );
    adminScreen(req, res, { section: SECTION, title: 'Host stand access', element });
  });

  router.post('/waitlist/access/', requireSuperuser, async (req, res) => {
    const parsed = grantSchema.safeParse(req.body ?? {});
    if (!parsed.success) setFlash(req, parsed.error.issues[0]?.message ?? 'Invalid');
    else {
      try {
        await host.grantAccess(db, parsed.data.group, parsed.data.rlid);
      } catch (error) {
        if (!(error instanceof HttpError) || error.status >= 500) throw error;
        setFlash(req, error.message);
      }
    }
    res.redirect(303, '/wagtail/waitlist/access/');
  });

  router.post('/waitlist/access/:id/delete/', requireSuperuser, async (req, res) => {
    const id = Number(req.params.id);
    if (Number.isInteger(id) && id > 0) await host.revokeAccess(db, id);
    res.redirect(303, '/wagtail/waitlist/access/');
  });

  router.get('/waitlist/:rlid/', async (req, res) => {
    const row = await restaurant(req);
    const stand = await host.hostStand(db, row);
    const message = takeFlash(req);
    const view = {
      rlid: row.rlid,
      title: `${row.city}, ${row.state} — ${row.address1}`,
      timeZone: row.time_zone,
      ...stand,
      settings: stand.settings ?? host.DEFAULT_SETTINGS,
      ...(message?.startsWith('Not done') ? { error: message } : { message }),
    };
    adminScreen(req, res, {
      section: SECTION,
      title: `Host stand: ${row.city}`,
      element: (
        <HostStandScreen view={view} csrfToken={chrome(req).csrfToken} nonce={String(res.locals.cspNonce ?? '')} />
      ),
    });
  });

  router.get('/waitlist/:rlid/events/', async (req, res) => {
    const row = await restaurant(req);
    await streamChanges(db, row.rlid, req, res, async () =>
      writeEvent(res, 'changed', { rlid: row.rlid, at: new Date().toISOString() }),
    );
  });

  router.post('/waitlist/:rlid/walk-in/', async (req, res) => {
    const row = await restaurant(req);
    const input = parseOr400(walkInSchema, req.body ?? {}, 'walk-in');
    await attempt(
      req,
      res,
      async () => host.addWalkIn(db, row.rlid, input, await origin(req, res)),
      `${input.name} added to the queue.`,
    );
  });

  router.post('/waitlist/:rlid/entries/:id/', async (req, res) => {
    const row = await restaurant(req);
    const { action } = parseOr400(hostActionSchema, req.body ?? {}, 'action');
    const id = Number(req.params.id);
    if (!Number.isInteger(id) || id <= 0) throw new HttpError(404, 'not_found', 'No such entry.');
    await attempt(req, res, async () => host.act(db, row.rlid, id, action, await origin(req, res)), `Done: ${action}.`);
  });

  router.post('/waitlist/:rlid/pause/', async (req, res) => {
    const row = await restaurant(req);
    const { paused, reason } = parseOr400(pauseSchema, req.body ?? {}, 'pause');
    await attempt(
      req,
      res,
      () => host.setPause(db, row.rlid, paused === '1', reason ?? null),
      paused === '1' ? 'The wait list is paused.' : 'The wait list is open again.',
    );
  });

  router.post('/waitlist/:rlid/settings/', async (req, res) => {
    const row = await restaurant(req);
    const values = parseOr400(hostSettingsSchema, req.body ?? {}, 'settings');
    await attempt(req, res, () => host.saveSettings(db, row.rlid, values), 'Settings saved.');
  });

  return router;
}
