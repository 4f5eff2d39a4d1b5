import type { Db } from '../../db';
import { findLivePage, findPageById } from '../pages/repo';
import { loadSiteTree, publicPath, splitLocalePrefix, urlPathFor, type SiteTree } from '../pages/site-tree';
import type { Page } from '../pages/table';
import { listSites } from '../sites/repo';
import type { PageLinkMap, TranslatableFields } from './segments';
import { URL_KEYS } from './text-fields';
import { findPageInLocale } from './repo';

const PAGE_LINK = /data-page-id="([1-9]\d{0,9})"/g;
const HREF = /<a [^>]*href="(\/[^"]*)"/g;
const MAX_LINKS = 200;

/** The page ids and internal paths a page's content links to (rich text, link URLs, page ids). */
export function linksInContent(content: unknown): { ids: Set<number>; paths: Set<string> } {
  const ids = new Set<number>();
  const paths = new Set<string>();
  const walk = (value: unknown, key: string | null, depth: number): void => {
    if (depth > 64 || ids.size + paths.size > MAX_LINKS) return;
    if (typeof value === 'string') {
      for (const match of value.matchAll(PAGE_LINK)) ids.add(Number(match[1]));
      for (const match of value.matchAll(HREF)) paths.add(match[1]!);
      if (key !== null && URL_KEYS.has(key) && value.startsWith('/') && !value.startsWith('//')) paths.add(value);
    } else if (typeof value === 'number') {
      if (key === 'page_id' && Number.isSafeInteger(value) && value > 0) ids.add(value);
    } else if (Array.isArray(value)) value.forEach((item) => walk(item, key, depth + 1));
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.id === 'number' && typeof record.url === 'string' && record.id > 0) ids.add(record.id);
      for (const [childKey, child] of Object.entries(record)) walk(child, childKey, depth + 1);
    }
  };
  walk(content, null, 0);
  return { ids, paths };
}

/** The site tree that serves a page (its language roots), if any. */
async function treeOf(db: Db, page: Pick<Page, 'url_path'>): Promise<SiteTree | undefined> {
  for (const site of await listSites(db)) {
    try {
      const tree = await loadSiteTree(db, site);
      if (publicPath(tree, page) !== null) return tree;
    } catch {
      // A site whose root page is gone serves nothing.
    }
  }
  return undefined;
}

/**
 * Where the source's links go in the target locale: each linked page that has a translation
 * there, by id and by public path. Links to pages without a translation are left as they are
 * (they keep working, in the source language).
 */
export async function pageLinkMap(
  db: Db,
  sourcePage: Pick<Page, 'url_path'>,
  fields: TranslatableFields,
  targetLocaleId: number,
): Promise<PageLinkMap> {
  const { ids, paths } = linksInContent(fields.content);
  const pages = new Map<number, { id: number; url: string | null }>();
  const urls = new Map<string, string>();
  if (!ids.size && !paths.size) return { pages, urls };
  const tree = await treeOf(db, sourcePage);
  const linked: Page[] = [];
  for (const id of ids) {
    const page = await findPageById(db, id);
    if (page) linked.push(page);
  }
  if (tree) {
    for (const path of paths) {
      const { root, rest } = splitLocalePrefix(tree, path.split(/[?#]/)[0]!);
      const page = await findLivePage(db, urlPathFor(root, rest), root.page.path);
      if (page) linked.push(page);
    }
  }
  for (const page of linked) {
    const translated = await findPageInLocale(db, page.translation_key, targetLocaleId);
    if (!translated) continue;
    const from = tree ? publicPath(tree, page) : null;
    const to = tree ? publicPath(tree, translated) : null;
    pages.set(page.id, { id: translated.id, url: to });
    if (from && to) urls.set(from, to);
  }
  return { pages, urls };
}

/**
 * Where a snippet's internal addresses go in the target locale: each address of a live page of the
 * site whose translation there is live too (a snippet is public as soon as it is saved, so it never
 * points at a draft). Others stay as they are. The query string and fragment are kept.
 */
export async function translatedAddresses(
  db: Db,
  tree: SiteTree,
  addresses: readonly string[],
  targetLocaleId: number,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const address of addresses.slice(0, MAX_LINKS)) {
    const [path, suffix] = splitSuffix(address);
    const { root, rest } = splitLocalePrefix(tree, path);
    const page = await findLivePage(db, urlPathFor(root, rest), root.page.path);
    if (!page) continue;
    const found = await findPageInLocale(db, page.translation_key, targetLocaleId);
    const translated = found ? await findPageById(db, found.id) : undefined;
    if (!translated?.live) continue;
    const to = publicPath(tree, translated);
    if (to) out.set(address, `${to}${suffix}`);
  }
  return out;
}

function splitSuffix(address: string): [string, string] {
  const at = address.search(/[?#]/);
  return at === -1 ? [address, ''] : [address.slice(0, at), address.slice(at)];
}
