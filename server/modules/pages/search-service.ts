import type { Db } from '../../db';
import type { PageSearchView } from '../../../shared/admin/explorer';
import { EXPLORER_PAGE_SIZE } from '../../../shared/schemas/admin';
import type { UserPagePermissions } from '../permissions/policy';
import { privatePathTester } from './private-paths';
import { bulkActionsFor, withRowExtras } from './explorer-service';
import type { PageListFilters } from './filters-repo';
import { pagePlaceFinder } from './page-places';
import { countSearchResults, findPagesByPaths, searchPages } from './search-repo';
import { STEP_LENGTH } from '../../tree-path';

/** At most this many words count; more only slow the query down without narrowing it usefully. */
const MAX_TERMS = 10;

/**
 * Wagtail's page search (/admin/pages/search/): pages whose title, slug or SEO title contain every
 * word of the query, case-insensitively, inside the subtrees the user holds a permission on
 * (ancestors shown only to navigate are not results: nothing can be done with them), best
 * title matches first, one explorer-sized page at a time. The explorer's filters narrow it; with
 * filters and no words, every page passing them is listed (all drafts in the tree, say).
 */
export async function searchAdminPages(
  db: Db,
  query: string,
  requestedPage: number,
  permissions: UserPagePermissions,
  filters?: PageListFilters,
): Promise<PageSearchView> {
  const phrase = query.trim().toLowerCase();
  const terms = [...new Set(phrase.split(/\s+/).filter(Boolean))].slice(0, MAX_TERMS);
  const filter = { terms, phrase, roots: permissions.explorablePaths(), filters };
  // Sequential on purpose: PGlite has a single connection.
  const total = await countSearchResults(db, filter);
  const pageCount = Math.max(1, Math.ceil(total / EXPLORER_PAGE_SIZE));
  const current = Math.min(requestedPage, pageCount);
  const found = total
    ? await searchPages(db, filter, { limit: EXPLORER_PAGE_SIZE, offset: (current - 1) * EXPLORER_PAGE_SIZE })
    : [];
  const parents = new Map(
    (await findPagesByPaths(db, [...new Set(found.map((row) => row.path.slice(0, -STEP_LENGTH)))])).map((p) => [
      p.path,
      p,
    ]),
  );
  const isPrivate = await privatePathTester(db);
  const places = await pagePlaceFinder(db);
  return {
    query,
    rows: found.map((row) => {
      const parent = parents.get(row.path.slice(0, -STEP_LENGTH));
      return {
        ...withRowExtras(row, permissions, places),
        isPrivate: isPrivate(row.path),
        parent: parent ? { id: parent.id, title: parent.title, isRoot: parent.depth === 1 } : null,
      };
    }),
    pagination: { page: current, pageCount, total },
    bulkActions: bulkActionsFor(permissions, found),
  };
}
