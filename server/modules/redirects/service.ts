import type { Db } from '../../db';
import { badRequest, HttpError } from '../../errors';
import { lookupKeys, normalisePath } from '../../../shared/redirects/normalise';
import { reservedPrefixOf } from '../../../shared/redirects/reserved-paths';
import { normaliseRedirectLink, type RedirectInput } from '../../../shared/schemas/redirects';
import { logModelAction } from '../audit/model-log';
import { htmlUrls } from '../pages/html-url';
import * as pagesRepo from '../pages/repo';
import { loadSiteTree, publicPath, splitLocalePrefix, urlPathFor, type SiteTree } from '../pages/site-tree';
import { listSites } from '../sites/repo';
import type { Site } from '../sites/table';
import * as repo from './repo';
import type { Redirect } from './table';

export const REDIRECT_MODEL = 'wagtailredirects.redirect';

/** What a redirect's target resolves to once checked: a page, or a link (with its path when it is on our sites). */
export type CheckedTarget =
  { pageId: number; link: null; targetPath: null } | { pageId: null; link: string; targetPath: string | null };

const scopeName = (siteId: number | null, sites: Site[]) =>
  siteId === null ? 'all sites' : (sites.find((s) => s.id === siteId)?.hostname ?? `site ${siteId}`);

/**
 * The normalised path of a link when it points at one of our sites (a path, or an address on a
 * site's host), as the public lookup would see the browser's request for it; null for another site.
 */
export function internalPathOf(link: string, sites: Site[]): string | null {
  let path: string;
  if (link.startsWith('/')) path = link;
  else {
    try {
      const url = new URL(link);
      const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
      if (
        !sites.some(
          (site) =>
            site.hostname === url.hostname.toLowerCase() &&
            (site.port === port || sites.filter((s) => s.hostname === site.hostname).length === 1),
        )
      )
        return null;
      path = url.pathname + url.search;
    } catch {
      return null;
    }
  }
  const normalised = normalisePath(path);
  return 'error' in normalised ? null : normalised.query ? `${normalised.path}?${normalised.query}` : normalised.path;
}

/** The site a path is resolved on: the chosen one, or the default site for 'all sites'. */
async function treeFor(db: Db, siteId: number | null, sites: Site[]): Promise<SiteTree | undefined> {
  const site = sites.find((s) => (siteId === null ? s.is_default_site : s.id === siteId)) ?? sites[0];
  return site ? loadSiteTree(db, site) : undefined;
}

/** A page target given as an id or as the page's path on the site: the page's id, or an error sentence. */
export async function resolvePageTarget(
  db: Db,
  value: string,
  siteId: number | null,
  sites: Site[],
): Promise<{ pageId: number } | { error: string }> {
  if (/^\d{1,10}$/.test(value)) {
    const page = await pagesRepo.findPageById(db, Number(value));
    return page && page.depth > 1 ? { pageId: page.id } : { error: `There is no page with id ${value}.` };
  }
  const path = internalPathOf(value, sites);
  if (path === null) return { error: 'Enter the page’s id or its path on the site, such as /menu/.' };
  const tree = await treeFor(db, siteId, sites);
  if (!tree) return { error: 'No site is configured.' };
  const { root, rest } = splitLocalePrefix(tree, path.split('?')[0]!);
  const page = await pagesRepo.findLivePage(db, urlPathFor(root, rest), root.page.path);
  return page ? { pageId: page.id } : { error: `No live page answers ${path} on ${tree.site.hostname}.` };
}

/**
 * The rules of one redirect beyond its form: the site exists, the target exists, the old path is
 * not taken in that scope, and no loop or chain forms (a redirect to a path that itself
 * redirects, or a path another redirect points at). Errors are keyed by form field.
 */
export async function checkRedirect(
  db: Db,
  input: RedirectInput,
  selfId: number | null,
  sites?: Site[],
): Promise<CheckedTarget> {
  const allSites = sites ?? (await listSites(db));
  const fail = (field: string, message: string): never => {
    throw badRequest(message, { [field]: [message] });
  };
  if (input.siteId !== null && !allSites.some((s) => s.id === input.siteId))
    fail('site', 'Select a valid choice. That site does not exist.');
  // The form has checked this already; the service holds the rule for every other caller too.
  const reserved = reservedPrefixOf(input.oldPath.split('?')[0]!);
  if (reserved !== undefined)
    fail('old_path', `Paths under ${reserved} belong to the application itself and cannot be redirected.`);
  const taken = await repo.findExact(db, input.oldPath, input.siteId);
  if (taken && taken.id !== selfId)
    fail('old_path', `A redirect from ${input.oldPath} already exists for ${scopeName(input.siteId, allSites)}.`);

  const ownPath = input.oldPath.split('?')[0]!;
  let target: CheckedTarget;
  if (input.page !== '') {
    const page = await resolvePageTarget(db, input.page, input.siteId, allSites);
    if ('error' in page) return fail('redirect_page', page.error);
    const found = await pagesRepo.findPageById(db, page.pageId);
    const tree = await treeFor(db, input.siteId, allSites);
    if (found && tree && publicPath(tree, found) === ownPath)
      fail('redirect_page', `That page lives at ${ownPath}: the redirect would point at itself.`);
    target = { pageId: page.pageId, link: null, targetPath: null };
  } else {
    const checked = normaliseRedirectLink(input.link);
    if ('error' in checked) return fail('redirect_link', checked.error);
    const targetPath = internalPathOf(checked.link, allSites);
    if (targetPath === null && checked.link.startsWith('/'))
      fail('redirect_link', 'Enter a path on this site, such as /menu/.');
    target = { pageId: null, link: checked.link, targetPath };
    if (targetPath !== null) {
      const keys = lookupKeys(normalisePath(targetPath) as { path: string; query: string });
      if (keys.includes(input.oldPath) || keys.includes(ownPath))
        fail('redirect_link', 'The link points back at the old path: the redirect would loop.');
      for (const key of keys) {
        const onward = (await repo.findByOldPath(db, key, input.siteId)).find((r) => r.id !== selfId);
        if (onward)
          fail(
            'redirect_link',
            `${key} already redirects elsewhere: point this redirect at its final address instead (at most one hop).`,
          );
      }
    }
  }
  const incoming = (await repo.findByTargetPath(db, ownPath, input.siteId)).find((r) => r.id !== selfId);
  if (incoming)
    fail(
      'old_path',
      `The redirect from ${incoming.old_path} points at ${ownPath}: a redirect here would make a chain of two hops. Change that redirect first.`,
    );
  return target;
}

const valuesOf = (input: RedirectInput, target: CheckedTarget): repo.RedirectValues => ({
  old_path: input.oldPath,
  site_id: input.siteId,
  redirect_page_id: target.pageId,
  redirect_link: target.link,
  target_path: target.targetPath,
  is_permanent: input.isPermanent,
  match_query_string: input.matchQueryString,
});

/** The database's unique key as the form's message, when two saves race past the check. */
function duplicateGuard(input: RedirectInput) {
  return (error: unknown): never => {
    if (typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505') {
      throw badRequest(`A redirect from ${input.oldPath} already exists for that site.`, {
        old_path: ['A redirect with this old path already exists for that site.'],
      });
    }
    throw error;
  };
}

export async function createRedirect(db: Db, input: RedirectInput): Promise<repo.RedirectListing> {
  const target = await checkRedirect(db, input, null);
  const row = await repo.insertRedirectRow(db, valuesOf(input, target)).catch(duplicateGuard(input));
  return (await repo.findRedirect(db, row.id))!;
}

export async function updateRedirect(db: Db, row: Redirect, input: RedirectInput): Promise<repo.RedirectListing> {
  const target = await checkRedirect(db, input, row.id);
  // A redirect someone edits is theirs now, even if a page move made it.
  await repo
    .updateRedirectRow(db, row.id, { ...valuesOf(input, target), automatically_created: false })
    .catch(duplicateGuard(input));
  return (await repo.findRedirect(db, row.id))!;
}

export async function deleteRedirects(db: Db, rows: Redirect[]): Promise<void> {
  await repo.deleteRedirectRows(
    db,
    rows.map((row) => row.id),
  );
}

/**
 * The redirects a page move leaves: each live page of the moved subtree keeps its old public
 * address on every site whose tree held it (an automatic row; a redirect someone made by hand on
 * the same path is kept). Called inside the move's transaction with the paths from before the move.
 */
export async function recordPageMoveRedirects(
  db: Db,
  moved: Array<{ id: number; title: string; oldUrlPath: string }>,
  userId: number | null,
): Promise<void> {
  if (moved.length === 0) return;
  for (const site of await listSites(db)) {
    let tree: SiteTree;
    try {
      tree = await loadSiteTree(db, site);
    } catch {
      continue;
    }
    for (const page of moved) {
      const path = publicPath(tree, { url_path: page.oldUrlPath });
      if (path === null) continue;
      const normalised = normalisePath(path);
      if ('error' in normalised || reservedPrefixOf(normalised.path) !== undefined) continue;
      await repo.upsertMoveRedirect(db, normalised.path, site.id, page.id);
      const row = await repo.findExact(db, normalised.path, site.id);
      if (row?.automatically_created && row.redirect_page_id === page.id) {
        await logModelAction(db, {
          model: REDIRECT_MODEL,
          objectId: row.id,
          objectStr: row.old_path,
          userId,
          action: 'create',
          data: { source: 'page-move', page: page.title },
        });
      }
    }
  }
}

/**
 * The public site's redirect for a path no live page answers (before the 404): one indexed query.
 * `path` is the request path as the visitor sent it (still percent-encoded: normalisePath decodes
 * it once, as it did the stored old path), `search` its raw query string. Nothing answers under a
 * reserved path, nor with a stored link that today's rules refuse (a row older than them).
 */
export async function findPublicRedirect(
  db: Db,
  tree: SiteTree,
  path: string,
  search: string,
): Promise<{ location: string; status: 301 | 302 } | undefined> {
  const normalised = normalisePath(search ? `${path}?${search}` : path);
  if ('error' in normalised || reservedPrefixOf(normalised.path) !== undefined) return undefined;
  const row = await repo.lookupRedirect(db, tree.site.id, lookupKeys(normalised));
  if (!row) return undefined;
  const status = row.is_permanent ? 301 : 302;
  if (row.redirect_link !== null) {
    const link = normaliseRedirectLink(row.redirect_link);
    return 'link' in link ? { location: link.link, status } : undefined;
  }
  if (row.redirect_page_id === null || !row.page_live || row.page_url_path === null) return undefined;
  const local = publicPath(tree, { url_path: row.page_url_path });
  if (local !== null) return { location: local, status };
  // A page on another site: its full address there.
  const url = (await htmlUrls(db, [{ id: row.redirect_page_id, url_path: row.page_url_path }], tree)).get(
    row.redirect_page_id,
  );
  return url ? { location: url, status } : undefined;
}

/** Raised when a redirect import's confirmation finds the preview gone. */
export const importExpired = () =>
  new HttpError(410, 'import_expired', 'This import has expired or was already confirmed. Upload the file again.');

export type { RedirectListing } from './repo';

/** A page of the redirects list (the viewset's query). */
export function listRedirects(db: Db, query: Parameters<typeof repo.listRedirects>[1]) {
  return repo.listRedirects(db, query);
}

export function findRedirect(db: Db, id: number, options: { lock?: boolean } = {}) {
  return repo.findRedirect(db, id, options);
}
