import type { Db } from '../../db';
import type { Logger } from '../../logger';
import type { PageData } from '../../../shared/schemas/page-payload';
import * as sitesRepo from '../sites/repo';
import { findRedirectTarget } from '../redirects/repo';
import { sitemapExtra } from '../navigation/sitemap';
import { contentForRender } from './content';
import { pageTypeOf } from './page-types';
import * as repo from './repo';
import { loadSiteTree, publicPath, splitLocalePrefix, urlPathFor, type LocaleRoot, type SiteTree } from './site-tree';
import type { Page } from './table';

export type PublicRequest = { hostname: string; port: number; path: string; query: Record<string, unknown> };

export type ResolvedPage = {
  kind: 'page';
  status: 200 | 404;
  tree: SiteTree;
  root: LocaleRoot;
  template: string;
  page: PageData;
  alternates: Array<{ languageCode: string; url: string }>;
  /** schema.org JSON-LD for the document head (e.g. a location page's Restaurant). */
  structuredData?: Record<string, unknown>;
};
export type Resolution =
  | ResolvedPage
  | {
      kind: 'redirect';
      location: string;
      status?: 301 | 302;
      /** A RedirectPage answers like any page: privacy is checked before its target is revealed. */
      fromPage?: Pick<ResolvedPage, 'status' | 'tree' | 'root'> & { page: { id: number } };
    };

/** Host and path to the live page that answers them; unknown paths get the site's Error404 page. */
export async function resolvePublicPage(db: Db, logger: Logger, request: PublicRequest): Promise<Resolution> {
  const site = await sitesRepo.findSiteForHost(db, request.hostname, request.port);
  if (!site) throw new Error('No site is configured: run the seed (npm run seed) or add a site in the back office');
  const tree = await loadSiteTree(db, site);
  const { root, rest } = splitLocalePrefix(tree, request.path);
  const page = await repo.findLivePage(db, urlPathFor(root, rest), root.page.path);
  const pageType = page ? pageTypeOf(page.page_type) : undefined;

  if (page && pageType?.routable) {
    if (pageType.type === 'RedirectPage' && typeof page.content.redirect_to === 'string') {
      return { kind: 'redirect', location: page.content.redirect_to, fromPage: { status: 200, tree, root, page: { id: page.id } } };
    }
    // The not-found page answers 404 even at its own address, so crawlers never index it.
    const status = pageType.type === 'Error404' ? 404 : 200;
    return buildPage(db, logger, { tree, root, page, status, query: request.query });
  }
  // A page that moved left its old address behind: answer it with a permanent redirect.
  const moved = await findRedirectTarget(db, urlPathFor(root, rest));
  const movedTo = moved ? publicPath(tree, moved) : null;
  if (movedTo) return { kind: 'redirect', location: movedTo, status: 301 };
  return notFoundPage(db, logger, tree, root, request.query);
}

export async function notFoundPage(
  db: Db,
  logger: Logger,
  tree: SiteTree,
  root: LocaleRoot,
  query: Record<string, unknown>,
): Promise<ResolvedPage> {
  const page = await repo.findLivePageOfType(db, 'Error404', root.page.path);
  if (page) return buildPage(db, logger, { tree, root, page, status: 404, query });
  // A site without a not-found page still answers with the spec's not-found template.
  return {
    kind: 'page',
    status: 404,
    tree,
    root,
    template: 'Error404',
    alternates: [],
    page: {
      id: 0,
      pageType: 'Error404',
      title: 'Page not found',
      seoTitle: '',
      searchDescription: '',
      robots: 'noindex',
      url: '/error-pages/404/',
      lastPublishedAt: null,
      content: {},
      extra: {},
    },
  };
}

/** A page row as the public site renders it (also used by the admin preview with draft content). */
export async function buildPage(
  db: Db,
  logger: Logger,
  args: { tree: SiteTree; root: LocaleRoot; page: Page; status: 200 | 404; query: Record<string, unknown> },
): Promise<ResolvedPage> {
  const { tree, root, page } = args;
  const pageType = pageTypeOf(page.page_type)!;
  const content = contentForRender(pageType, page.content, (problem) =>
    logger.warn({ pageId: page.id, pageType: page.page_type, ...problem }, 'page content failed its schema; rendering without it'),
  );
  const pageUrl = (other: Pick<Page, 'url_path'>) => publicPath(tree, other) ?? '/';
  const extra = {
    ...(pageType.load ? await pageType.load({ db, site: tree.site, page, query: args.query, pageUrl }) : {}),
    // A sitemap block anywhere in the content gets the site's page list (navigation module).
    ...(await sitemapExtra(db, tree, root, content)),
  };
  const translations = await repo.findTranslations(db, page.translation_key);
  const alternates = translations
    .filter((other) => other.live && other.id !== page.id)
    .map((other) => ({ languageCode: other.language_code, url: publicPath(tree, other) }))
    .filter((alt): alt is { languageCode: string; url: string } => alt.url !== null);

  return {
    kind: 'page',
    status: args.status,
    tree,
    root,
    template: pageType.type,
    alternates,
    page: {
      id: page.id,
      pageType: page.page_type,
      title: page.title,
      seoTitle: page.seo_title,
      searchDescription: page.search_description,
      robots: pageType.robots ?? page.robots,
      url: pageUrl(page),
      lastPublishedAt: page.last_published_at ? new Date(page.last_published_at).toISOString() : null,
      content,
      extra,
    },
  };
}
