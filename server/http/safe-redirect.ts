import { normaliseSitePath } from '../../shared/urls/site-path';

/**
 * The one check for every `next` / `return_url` before it becomes a Location header: a path on
 * this site (shared/urls/site-path.ts has the rule and the tricks it refuses), normalised the way
 * the browser will read it; anything else gives the fallback.
 */
export function safeRedirectPath(candidate: unknown, fallback: string): string {
  return normaliseSitePath(candidate) ?? fallback;
}
