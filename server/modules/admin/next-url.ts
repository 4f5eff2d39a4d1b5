import { safeRedirectPath } from '../../http/safe-redirect';

export const ADMIN_HOME = '/wagtail/';

/** The `next` target after login or an action: a path on this site (server/http/safe-redirect.ts), else the fallback. */
export function safeNextPath(candidate: unknown, fallback = ADMIN_HOME): string {
  return safeRedirectPath(candidate, fallback);
}
