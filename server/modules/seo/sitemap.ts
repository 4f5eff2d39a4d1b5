import type { Db } from '../../db';
import { cityUrl, locationUrl } from '../locations/directory';
import { STATE_LIST_TYPE, stateListContentSchema } from '../locations/page-types';
import { isNoindex, robotsOf } from '../pages/page-type';
import { pageTypeOf } from '../pages/page-types';
import { publicPath, type SiteTree } from '../pages/site-tree';
import { privatePathTester } from '../privacy/service';
import * as repo from './repo';

export type SitemapUrl = { loc: string; lastmod?: string };

/** Served pages nobody searches for: the not-found page and redirect pages. */
const EXCLUDED_TYPES = new Set(['Error404', 'RedirectPage']);

const day = (value: Date | string | null | undefined) =>
  value ? new Date(value).toISOString().slice(0, 10) : undefined;

/**
 * Every live routable page of the site that may be indexed (all its languages), then under each
 * state list page the city and location pages of its country (spec section 2; issue 4 "Sitemap
 * entries").
 * The state list page itself carries each state as a section, so states have no URL of their own.
 */
export async function sitemapUrls(db: Db, tree: SiteTree, origin: string): Promise<SitemapUrl[]> {
  const urls: SitemapUrl[] = [];
  const seen = new Set<string>();
  const add = (path: string, lastmod?: string) => {
    const loc = new URL(path, origin).href;
    if (seen.has(loc)) return;
    seen.add(loc);
    urls.push(lastmod ? { loc, lastmod } : { loc });
  };
  // Private pages (and their subtrees) stay out, as Wagtail's sitemap lists only public pages.
  const isPrivate = await privatePathTester(db);
  for (const root of tree.roots) {
    for (const page of await repo.listLivePages(db, root.page.path)) {
      const type = pageTypeOf(page.page_type);
      if (!type?.routable || EXCLUDED_TYPES.has(page.page_type) || isPrivate(page.path)) continue;
      // A page that asks search engines not to index it (a thank-you page, the block gallery) is
      // not offered to them either: search consoles flag a sitemap URL marked noindex.
      if (isNoindex(robotsOf(type, page))) continue;
      const path = publicPath(tree, page);
      if (path === null) continue;
      add(path, day(page.last_published_at));
      if (page.page_type !== STATE_LIST_TYPE) continue;
      const content = stateListContentSchema.safeParse(page.content);
      if (!content.success) continue;
      const rows = await repo.listDirectoryRows(db, content.data.country);
      const cityChanged = new Map<string, string | undefined>();
      for (const row of rows) {
        const key = cityUrl(path, row);
        const changed = day(row.updated_at);
        const previous = cityChanged.get(key);
        cityChanged.set(key, previous && changed && previous > changed ? previous : changed);
      }
      for (const [city, lastmod] of cityChanged) add(city, lastmod);
      for (const row of rows) add(locationUrl(path, row), day(row.updated_at));
    }
  }
  return urls;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

export function sitemapXml(urls: SitemapUrl[]): string {
  const entries = urls.map(
    ({ loc, lastmod }) =>
      `  <url>\n    <loc>${escapeXml(loc)}</loc>\n${lastmod ? `    <lastmod>${lastmod}</lastmod>\n` : ''}  </url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}
