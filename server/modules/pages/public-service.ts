import type { Db } from '../../db';
import type { Logger } from '../../logger';
import type { PageData } from '../../../shared/schemas/page-payload';
import { filteredContent, renderExtras } from './render-hooks';
import { contentForRender } from './content';
import { pageTypeOf } from './page-types';
import { PageLoadOutcome, robotsOf } from './page-type';
import { siteOrigin } from '../../http/host';
import { liveReads } from './live-reads';
import { publicFallbackFor } from './lifecycle-hooks';
import { publicPath, urlPathFor, type LocaleRoot, type SiteTree } from './site-tree';
import type { Page } from './table';

/**
 * A request already matched to its site and language root (server/http/site.ts): `rest` is the
 * decoded path below that root, `path` the whole path as requested (percent-encoded) and `search`
 * the raw query string (staff redirects match on those two).
 */
export type PublicRequest = {
  tree: SiteTree;
  root: LocaleRoot;
  rest: string;
  path: string;
  search: string;
  query: Record<string, unknown>;
};

export type ResolvedPage = {
  kind: 'page';
  status: 200 | 404 | 400 | 409 | 410 | 429;
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

/** A site's path to the live page that answers it; unknown paths get the site's Error404 page. */
export async function resolvePublicPage(db: Db, logger: Logger, request: PublicRequest): Promise<Resolution> {
  const { tree, root, rest } = request;
  const page = await liveReads(db).findLivePage(urlPathFor(root, rest), root.page.path);
  const pageType = page ? pageTypeOf(page.page_type) : undefined;

  if (page && pageType?.routable) {
    if (pageType.type === 'RedirectPage' && typeof page.content.redirect_to === 'string') {
      return {
        kind: 'redirect',
        location: page.content.redirect_to,
        fromPage: { status: 200, tree, root, page: { id: page.id } },
      };
    }
    // The not-found page answers 404 even at its own address, so crawlers never index it.
    const status = pageType.type === 'Error404' ? 404 : 200;
    try {
      return await buildPage(db, logger, { tree, root, page, status, query: request.query });
    } catch (error) {
      if (!(error instanceof PageLoadOutcome)) throw error;
      if (error.outcome.kind === 'notFound') return notFoundPage(db, logger, tree, root, request.query);
      return {
        kind: 'redirect',
        location: error.outcome.location,
        status: error.outcome.status,
        fromPage: { status: 200, tree, root, page: { id: page.id } },
      };
    }
  }
  // No live page: a feature may answer before the 404 (a redirect made by staff, imported, or left
  // by a page move).
  const redirect = await publicFallbackFor(db, tree, request.path, request.search);
  if (redirect) return { kind: 'redirect', location: redirect.location, status: redirect.status };
  return notFoundPage(db, logger, tree, root, request.query);
}

export async function notFoundPage(
  db: Db,
  logger: Logger,
  tree: SiteTree,
  root: LocaleRoot,
  query: Record<string, unknown>,
): Promise<ResolvedPage> {
  const page = await liveReads(db).findLivePageOfType('Error404', root.page.path);
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

/** The page's live translations on this site, for hreflang links and the language switcher. */
export async function pageAlternates(
  db: Db,
  tree: SiteTree,
  page: Pick<Page, 'id' | 'translation_key'>,
): Promise<ResolvedPage['alternates']> {
  const translations = await liveReads(db).findTranslations(page.translation_key);
  return translations
    .filter((other) => other.live && other.id !== page.id)
    .map((other) => ({ languageCode: other.language_code, url: publicPath(tree, other) }))
    .filter((alt): alt is { languageCode: string; url: string } => alt.url !== null);
}

/** A page row as the public site renders it (also used by the admin preview with draft content). */
export async function buildPage(
  db: Db,
  logger: Logger,
  args: { tree: SiteTree; root: LocaleRoot; page: Page; status: 200 | 404; query: Record<string, unknown> },
): Promise<ResolvedPage> {
  const { tree, root, page } = args;
  const pageType = pageTypeOf(page.page_type)!;
  // Features' passes over the stored content (images deleted from the library since the page was
  // saved are left out, logged: never a broken picture or a 500).
  const stored = await filteredContent(db, page.content, (problem, message) =>
    logger.warn({ pageId: page.id, pageType: page.page_type, ...problem }, message),
  );
  const content = contentForRender(pageType, stored, (problem) =>
    logger.warn(
      { pageId: page.id, pageType: page.page_type, ...problem },
      'page content failed its schema; rendering without it',
    ),
  );
  for (const field of pageType.privateFields ?? []) delete content[field];
  const pageUrl = (other: Pick<Page, 'url_path'>) => publicPath(tree, other) ?? '/';
  const extra = {
    ...(pageType.load ? await pageType.load({ db, site: tree.site, page, query: args.query, pageUrl }) : {}),
    // Blocks' data from features (a sitemap block's page list, a toolbox's current blocks).
    ...(await renderExtras({ db, logger, tree, root, content })),
  };
  const structuredData = pageType.structuredData?.({
    page,
    extra,
    url: new URL(pageUrl(page), siteOrigin(tree.site)).href,
    site: tree.site,
  });
  const alternates = await pageAlternates(db, tree, page);

  return {
    kind: 'page',
    status: args.status,
    tree,
    root,
    template: pageType.type,
    alternates,
    ...(structuredData ? { structuredData } : {}),
    page: {
      id: page.id,
      pageType: page.page_type,
      title: page.title,
      seoTitle: page.seo_title,
      searchDescription: page.search_description,
      robots: robotsOf(pageType, page),
      url: pageUrl(page),
      lastPublishedAt: page.last_published_at ? new Date(page.last_published_at).toISOString() : null,
      content,
      extra,
    },
  };
}
