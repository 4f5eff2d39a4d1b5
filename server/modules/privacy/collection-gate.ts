import type { Request, Response } from 'express';
import type { Db } from '../../db';
import type { AssetManifest } from '../../ssr/assets';
import { noPageCache } from '../../cache/fast-path';
import { csrfTokenFor } from '../auth/csrf';
import type { SessionStack } from '../auth/session-middleware';
import { checkCollectionAccess, restrictionsCoveringCollection } from './collection-service';
import { publicChromeFor, renderPasswordRequired } from './render';
import { loginUrl, passedRestrictionIds, runMiddleware } from './session';

/**
 * 'public': nothing restricts the collection (the answer may be cached). 'private': the visitor
 * is let in, the answer is theirs alone. 'answered': the gate sent the password form or a redirect.
 */
export type CollectionGateResult = 'public' | 'private' | 'answered';
export type CollectionGate = (req: Request, res: Response, collectionId: number) => Promise<CollectionGateResult>;

export const collectionPasswordFormUrl = (restrictionId: number) =>
  `/documents/authenticate_with_password/${restrictionId}/`;

/**
 * Collection privacy on the public side (Wagtail's document serve view): the page gate's rules.
 * Unrestricted collections cost one query and no session; restricted ones run the session stack,
 * and every answer about them is `private, no-store` and kept out of the page cache (the read of
 * the restriction table also ties a cached public answer to it, so restricting drops it).
 */
export function createCollectionGate(db: Db, sessions: SessionStack, assets: AssetManifest): CollectionGate {
  return async (req, res, collectionId) => {
    const restrictions = await restrictionsCoveringCollection(db, collectionId);
    if (restrictions.length === 0) return 'public';
    noPageCache(res);
    res.setHeader('Cache-Control', 'private, no-store');
    await runMiddleware(sessions.middleware, req, res);
    const user = req.user;
    const decision = await checkCollectionAccess(db, restrictions, {
      user: user ? { id: user.id, is_superuser: user.is_superuser } : undefined,
      passedRestrictionIds: passedRestrictionIds(req, 'passedCollectionViewRestrictions'),
    });
    if (decision.ok) return 'private';
    if (decision.need === 'login') {
      res.redirect(302, loginUrl(req.originalUrl));
      return 'answered';
    }
    renderPasswordRequired(res, assets, await publicChromeFor(db, req, res, '/'), {
      action: collectionPasswordFormUrl(decision.restriction.id),
      returnUrl: req.originalUrl,
      csrfToken: csrfTokenFor(req),
    });
    return 'answered';
  };
}
