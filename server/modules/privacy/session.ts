import type { Request, RequestHandler, Response } from 'express';
import 'express-session';

declare module 'express-session' {
  interface SessionData {
    /** Ids of the password restrictions this visitor gave the right password for (Wagtail's passed_page_view_restrictions). */
    passedViewRestrictions?: number[];
    /** The same for collection restrictions (Wagtail's passed_collection_view_restrictions): ids of another table. */
    passedCollectionViewRestrictions?: number[];
  }
}

/** Which session list: page restrictions or collection restrictions (their ids overlap). */
export type PassedKey = 'passedViewRestrictions' | 'passedCollectionViewRestrictions';

export function passedRestrictionIds(req: Request, key: PassedKey = 'passedViewRestrictions'): number[] {
  const ids = req.session?.[key];
  return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
}

export function markRestrictionPassed(
  req: Request,
  restrictionId: number,
  key: PassedKey = 'passedViewRestrictions',
): void {
  req.session[key] = [...new Set([...passedRestrictionIds(req, key), restrictionId])];
}

/**
 * Runs a middleware list (the session stack) inside a handler, for requests that turn out to need
 * it only after routing: a public page learns it is restricted once it has been resolved.
 */
export function runMiddleware(stack: readonly RequestHandler[], req: Request, res: Response): Promise<void> {
  return stack.reduce<Promise<void>>(
    (previous, handler) =>
      previous.then(
        () =>
          new Promise<void>((resolve, reject) => {
            void handler(req, res, (error?: unknown) => (error ? reject(error) : resolve()));
          }),
      ),
    Promise.resolve(),
  );
}

/** /_util/login/?next=/path/ with the slashes left readable, as Django's redirect_to_login writes it. */
export function loginUrl(next: string): string {
  return `/_util/login/?next=${encodeURIComponent(next).replace(/%2F/gi, '/')}`;
}

export function passwordFormUrl(restrictionId: number, pageId: number): string {
  return `/_util/authenticate_with_password/${restrictionId}/${pageId}/`;
}
