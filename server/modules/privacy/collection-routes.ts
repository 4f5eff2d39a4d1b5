import express, { type Request, type Response, type Router } from 'express';
import * as z from 'zod';
import type { Db } from '../../db';
import { notFound } from '../../errors';
import { formErrors } from '../../http/validate';
import type { AssetManifest } from '../../ssr/assets';
import { viewPasswordFormSchema } from '../../../shared/schemas/privacy';
import { clientAddress } from '../../http/client-address';
import { safeRedirectPath } from '../../http/safe-redirect';
import { csrfTokenFor } from '../auth/csrf';
import type { SessionStack } from '../auth/session-middleware';
import { collectionPasswordFormUrl } from './collection-gate';
import { collectionPasswordRestriction } from './collection-service';
import { publicChromeFor, renderPasswordRequired } from './render';
import { RATE_LIMITED_VIEW_PASSWORD, WRONG_VIEW_PASSWORD } from './routes';
import { checkRestrictionPassword } from './service';
import { markRestrictionPassed } from './session';

const paramsSchema = z.object({ restriction_id: z.coerce.number().int().min(1).max(2_147_483_647) });
const bodyOf = (req: Request): Record<string, unknown> =>
  typeof req.body === 'object' && req.body !== null ? req.body : {};

/**
 * /documents/authenticate_with_password/{restriction_id}/ (Wagtail's wagtaildocs_authenticate_with_password):
 * the shared password of a private collection, as the page one. Permission: public (the way in).
 * Mounted before /documents/{id}/{filename}.
 */
export function collectionPasswordRoutes({
  db,
  sessions,
  assets,
}: {
  db: Db;
  sessions: SessionStack;
  assets: AssetManifest;
}): Router {
  const router = express.Router();
  const path = '/documents/authenticate_with_password/:restriction_id/';
  router.use('/documents/authenticate_with_password/', ...sessions.middleware);

  const restrictionOf = async (req: Request) => {
    const params = paramsSchema.safeParse(req.params);
    const restriction = params.success
      ? await collectionPasswordRestriction(db, params.data.restriction_id)
      : undefined;
    if (!restriction) throw notFound('No such document.');
    return restriction;
  };

  const renderForm = async (
    req: Request,
    res: Response,
    restrictionId: number,
    returnUrl: string,
    error?: string,
    status = 200,
  ) =>
    renderPasswordRequired(
      res,
      assets,
      await publicChromeFor(db, req, res, '/'),
      { action: collectionPasswordFormUrl(restrictionId), returnUrl, csrfToken: csrfTokenFor(req), error },
      status,
    );

  router.get(path, async (req, res) => {
    const restriction = await restrictionOf(req);
    await renderForm(req, res, restriction.id, safeRedirectPath(req.query.return_url, '/'));
  });

  router.post(path, async (req, res) => {
    const restriction = await restrictionOf(req);
    const body = bodyOf(req);
    const returnUrl = safeRedirectPath(body.return_url, '/');
    const parsed = viewPasswordFormSchema.safeParse(body);
    if (!parsed.success) {
      const { fieldErrors, nonFieldErrors } = formErrors(parsed.error, ['password']);
      return renderForm(
        req,
        res,
        restriction.id,
        returnUrl,
        fieldErrors.password ?? nonFieldErrors[0] ?? WRONG_VIEW_PASSWORD,
        400,
      );
    }
    const check = await checkRestrictionPassword(db, restriction, parsed.data.password, clientAddress(req));
    if (check.result === 'rate_limited') {
      res.setHeader('Retry-After', String(check.retryAfterSeconds));
      return renderForm(req, res, restriction.id, returnUrl, RATE_LIMITED_VIEW_PASSWORD, 429);
    }
    if (check.result === 'wrong') return renderForm(req, res, restriction.id, returnUrl, WRONG_VIEW_PASSWORD);
    markRestrictionPassed(req, restriction.id, 'passedCollectionViewRestrictions');
    res.setHeader('Cache-Control', 'private, no-store');
    res.redirect(303, returnUrl);
  });

  return router;
}
