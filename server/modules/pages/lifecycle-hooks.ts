import type { Db } from '../../db';
import type { SiteTree } from './site-tree';

/**
 * What features do when something happens to a page (Wagtail's page signals, but awaited inside
 * the page's own transaction, so a failing hook rolls the change back and the caller sees its
 * error). The pages module calls them and knows nothing of who listens; features register at the
 * composition root (server/composition.ts): moderation restarts a task on a new draft and ends a
 * moderation when the page is published by hand, redirects keeps the old URLs of a moved page
 * working, translations mark segments out of date when their source is published. Every hook of
 * the page lifecycle exists (draft, publish, unpublish, move, delete, copy), so a feature that
 * needs to react registers one instead of reaching into the page services. A hook that must not
 * hold the page's locks (a mail, a call out) enqueues a job from inside it: the job row commits
 * with the change, or not at all.
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
  /** Pages were taken off the site (the page, and its live subpages when asked), after their rows are written. */
  unpublished?(trx: Db, event: { pages: Array<{ id: number; title: string }>; userId: number | null }): Promise<void>;
  /**
   * A subtree is about to be deleted: its pages (the deleted page first) are still there to read,
   * with everything that cascades from them; the rows go right after the hooks.
   */
  deleting?(
    trx: Db,
    event: {
      pages: Array<{ id: number; title: string; path: string; urlPath: string; live: boolean }>;
      userId: number | null;
    },
  ): Promise<void>;
  /** A page (and maybe its subpages) was copied: each copy with its original, after every copy is written. */
  copied?(
    trx: Db,
    event: { copies: Array<{ sourceId: number; copyId: number; live: boolean }>; userId: number | null },
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

/**
 * Called by the composition root; hooks run in the order they were registered. Returns what
 * takes the registration back out (a test that plants a hook; the composition root never does).
 */
export function registerPageLifecycleHooks(registration: PageLifecycleHooks): () => void {
  hooks.push(registration);
  return () => {
    const at = hooks.indexOf(registration);
    if (at >= 0) hooks.splice(at, 1);
  };
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
