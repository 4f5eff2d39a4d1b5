import type { Db } from '../../db';

/**
 * Whether a tree path lies in a subtree only some visitors may see, for many pages at once: the
 * explorer's and the page search's "Private" marker. Which pages are private is the privacy
 * module's knowledge, and privacy builds on the page tree, so it registers its test here at the
 * composition root (server/composition.ts) instead of pages importing it.
 */
export type PrivatePathFilter = (db: Db) => Promise<(path: string) => boolean>;

const filters: PrivatePathFilter[] = [];

/** Called by the composition root; a path is private when any registered filter says so. */
export function registerPrivatePathFilter(filter: PrivatePathFilter): void {
  filters.push(filter);
}

/** One test for a listing's pages (each filter reads once). Without a filter no page is marked private. */
export async function privatePathTester(db: Db): Promise<(path: string) => boolean> {
  // Sequential on purpose: PGlite has a single connection.
  const tests: Array<(path: string) => boolean> = [];
  for (const filter of filters) tests.push(await filter(db));
  return (path) => tests.some((test) => test(path));
}
