import type { Db } from '../../db';
import type { Site } from '../sites/table';
import * as repo from './repo';
import type { Page } from './table';

export type LocaleRoot = {
  page: Page;
  languageCode: string;
  /** '' for the site's default language, else '/fr' etc. */ prefix: string;
};

/** A site with the root page of each of its languages; the default language comes first. */
export type SiteTree = { site: Site; roots: LocaleRoot[] };

/**
 * A site's languages are the translations of its root page (Wagtail's i18n model). The root's
 * own language is served without a prefix; the others under '/{language}/', e.g. '/fr/'.
 */
export async function loadSiteTree(db: Db, site: Site): Promise<SiteTree> {
  const root = await repo.findPageById(db, site.root_page_id);
  if (!root) throw new Error(`Site ${site.id} points at missing root page ${site.root_page_id}`);
  const translations = await repo.findTranslations(db, root.translation_key);
  const defaultRoot = translations.find((page) => page.id === root.id);
  const roots: LocaleRoot[] = [{ page: root, languageCode: defaultRoot?.language_code ?? 'en-US', prefix: '' }];
  for (const page of translations) {
    if (page.id === root.id || !page.live) continue;
    roots.push({ page, languageCode: page.language_code, prefix: `/${page.language_code.slice(0, 2).toLowerCase()}` });
  }
  return { site, roots };
}

/** Which language root a request path belongs to, and the path below that root. */
export function splitLocalePrefix(tree: SiteTree, path: string): { root: LocaleRoot; rest: string } {
  for (const root of tree.roots) {
    if (root.prefix && (path === root.prefix || path.startsWith(`${root.prefix}/`))) {
      return { root, rest: path.slice(root.prefix.length) || '/' };
    }
  }
  return { root: tree.roots[0]!, rest: path };
}

/** The URL path a page's url_path maps to within a site root ('/home/about/' -> '/about/'). */
export function urlPathFor(root: LocaleRoot, rest: string): string {
  const trimmed = rest.replace(/^\/+/, '');
  return `${root.page.url_path}${trimmed}${trimmed === '' || trimmed.endsWith('/') ? '' : '/'}`;
}

/** A page's public path on this site, or null when the page is outside the site. */
export function publicPath(tree: SiteTree, page: Pick<Page, 'url_path'>): string | null {
  for (const root of tree.roots) {
    if (page.url_path.startsWith(root.page.url_path)) {
      return `${root.prefix}/${page.url_path.slice(root.page.url_path.length)}`;
    }
  }
  return null;
}
