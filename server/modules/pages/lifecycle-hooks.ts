import type { Db } from '../../db';
import type { SiteTree } from './site-tree';

/**
 * What features do when something happens to a page (Wagtail's page signals, but awaited inside
 * the page's own transaction so a failing hook rolls the change back). The pages module calls
 * them and knows nothing of who listens; features register at the composition root
 * (server/composition.ts): moderation restarts a task on a new draft and ends a moderation when
 * the page is published by hand, redirects keeps the old URLs of a moved page working.
 */
export type PageLifecycleHooks = {
  /** A draft was saved by hand (not an autosave, a submission or a publish); page row locked. */
  draftSaved?(
    trx: Db,
    event: { page: { id: number }; revisionId: number; userId: number; title: string },
  ): Promise<void>;
  /** The page is being published or scheduled by hand, before the new live state is written; page row locked. */
  publishing?(trx: Db, event: { page: { id: number; title: string }; userId: number | null }): Promise<void>;
  /**
   * A revision became the live version (by hand, by a schedule or on creation), after the page row
   * is written; translations mark their segments whose source text changed as out of date.
   */
  published?(trx: Db, event: { page: { id: number }; revisionId: number }): Promise<void>;
  /** A subtree moved: its pages that were live, with the URL path each had before the move. */
  moved?(
    trx: Db,
    event: { moved: Array<{ id: number; title: string; oldUrlPath: string }>; userId: number | null },
  ): Promise<void>;
};

/** A public request that matched no page may be answered by a feature (a staff redirect). */
export type PublicFallback = (
  db: Db,
  tree: SiteTree,
  path: string,
  search: string,
) => Promise<{ location: string; status: 301 | 302 } | undefined>;

const hooks: PageLifecycleHooks[] = [];
const fallbacks: PublicFallback[] = [];

/** Called by the composition root; hooks run in the order they were registered. */
export function registerPageLifecycleHooks(registration: PageLifecycleHooks): void {
  hooks.push(registration);
}

export function registerPublicFallback(fallback: PublicFallback): void {
  fallbacks.push(fallback);
}

/** Runs every registered hook of `name`, one after the other, inside the caller's transaction. */
export async function runPageHooks<Name extends keyof PageLifecycleHooks>(
  name: Name,
  trx: Db,
  event: Parameters<NonNullable<PageLifecycleHooks[Name]>>[1],
): Promise<void> {
  for (const registration of hooks) {
    const hook = registration[name] as ((trx: Db, event: unknown) => Promise<void>) | undefined;
    if (hook) await hook(trx, event);
  }
}

/** The first registered fallback's answer for a path no page matched, if any. */
export async function publicFallbackFor(
  db: Db,
  tree: SiteTree,
  path: string,
  search: string,
): Promise<{ location: string; status: 301 | 302 } | undefined> {
  for (const fallback of fallbacks) {
    const answer = await fallback(db, tree, path, search);
    if (answer) return answer;
  }
  return undefined;
}
