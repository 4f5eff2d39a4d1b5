import type { Response } from 'express';
import { renderToPipeableStream } from 'react-dom/server';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { ResolvedPage } from '../modules/pages/public-service';
import { catalogFor } from '../../shared/i18n/catalogs';
import { createTranslator, type CatalogEntry } from '../../shared/i18n/translator';
import type { PageContext, PagePayload } from '../../shared/schemas/page-payload';
import type { SiteFooterPayload, SiteHeaderPayload } from '../../shared/schemas/navigation';
import { App } from '../../views/App';
import { blockTypesIn } from '../../views/blocks/block-components';
import { blockComponents } from '../../views/blocks/components';
import { Document } from '../../views/Document';
import type { TemplateComponent } from '../../views/template-types';
import { serverTemplates } from '../../views/templates/index';
import { scriptsFor, type AssetManifest } from './assets';
import { escapeJsonForScript } from './escape-json';
import { pageDataJson } from './page-data-json';
import { siteOrigin } from '../http/host';
import { addSurrogateKeys, noPageCache } from '../cache/fast-path';
import { pageDescription } from './describe';
import { chromeParts } from './chrome-parts';
import { mainPart, withMainPart } from './main-part';
import { PrerenderedParts, type PartLookup } from '../../views/prerendered';

/** The header and footer a page carries (loaded by the navigation module, given by the app). */
export type SiteChrome = { header?: SiteHeaderPayload; footer?: SiteFooterPayload };

export type PickerContext = NonNullable<PageContext['locationPicker']>;
/** The header picker's saved location and map page URL (loaded by the locations module, given by the app). */
export type PickerContextLoader = (cookieHeader: string | undefined, resolved: ResolvedPage) => Promise<PickerContext>;

export type RenderDeps = {
  config: Config;
  assets: AssetManifest;
  logger: Logger;
  /** Loads the site's header and footer snippets for a page (server/modules/navigation). */
  siteChrome?: (resolved: ResolvedPage) => Promise<SiteChrome>;
  /** The header location picker's saved location (from the request's 'li' cookie) and map page URL. */
  locationPicker?: PickerContextLoader;
  /** The site's default social image path (site settings), for the og:image tag. */
  socialImage?: (resolved: ResolvedPage) => Promise<string | null>;
};

const RENDER_TIMEOUT_MS = 10_000;

/**
 * Renders that are not ready yet, with their start time. One timer sweeps them every second
 * (a render is aborted between 10 and 11 s), instead of a timer and a close listener per render.
 */
const pendingRenders = new Map<{ abort: (reason?: unknown) => void }, number>();
let sweeper: NodeJS.Timeout | undefined;
function watchRender(stream: { abort: (reason?: unknown) => void }): void {
  pendingRenders.set(stream, Date.now());
  sweeper ??= setInterval(() => {
    const now = Date.now();
    for (const [pending, started] of pendingRenders) {
      if (now - started < RENDER_TIMEOUT_MS) continue;
      pendingRenders.delete(pending);
      pending.abort(new Error('render timed out'));
    }
    if (pendingRenders.size === 0) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  }, 1000).unref();
}

/**
 * Streams a resolved page as HTML. Page data is loaded before rendering, so nothing suspends:
 * we wait for onAllReady, which keeps the status code settable and gives crawlers whole pages.
 */
export function renderPage(
  res: Response,
  resolved: ResolvedPage,
  deps: RenderDeps,
  options: { preview?: boolean } = {},
): Promise<void> {
  const Template = serverTemplates[resolved.template];
  if (!Template) throw new Error(`No server template named ${resolved.template}`);
  // Header/footer snippets are site-wide, so they are loaded here for every kind of page. A
  // failure to load them renders the page without them (legacy header) rather than a 500.
  // The picker's trigger text depends on the visitor's 'li' cookie.
  if (deps.locationPicker) res.vary('Cookie');
  const chrome = deps.siteChrome ? deps.siteChrome(resolved) : Promise.resolve({});
  const picker = deps.locationPicker
    ? deps.locationPicker(res.req.headers.cookie, resolved)
    : Promise.resolve(undefined);
  const socialImage = deps.socialImage ? deps.socialImage(resolved) : Promise.resolve(null);
  return (
    Promise.all([
      chrome.catch((error: unknown) => {
        deps.logger.error({ err: error, pageId: resolved.page.id }, 'loading the site header and footer failed');
        return {};
      }),
      picker.catch((error: unknown) => {
        deps.logger.error({ err: error, pageId: resolved.page.id }, 'loading the location picker data failed');
        return undefined;
      }),
      socialImage.catch((error: unknown) => {
        deps.logger.error({ err: error, pageId: resolved.page.id }, 'loading the social image setting failed');
        return null;
      }),
    ])
      // Absolute URLs come from the site's configured origin, never from the request's Host.
      .then(([siteChrome, locationPicker, socialImagePath]) => {
        // The page cache stores renders without a saved location and fills the picker per visitor;
        // a render that holds one (the request kept its 'li' cookie) is never stored.
        if (locationPicker?.preferredLocation) noPageCache(res);
        else if (locationPicker) res.locals.pageCachePicker = true;
        if (resolved.page.id) addSurrogateKeys(res, [`page-${resolved.page.id}`]);
        return streamPage(
          res,
          resolved,
          deps,
          siteOrigin(resolved.tree.site),
          Template,
          { ...siteChrome, ...(locationPicker ? { locationPicker } : {}) },
          socialImagePath,
          options.preview === true,
        );
      })
      .catch((error: unknown) => {
        // The promise never rejects, so callers that do not await it lose nothing.
        deps.logger.error({ err: error, pageId: resolved.page.id }, 'page render failed');
        if (!res.headersSent) res.status(500).type('text/plain').send('Internal Server Error');
      })
  );
}

/**
 * Strings a non-English page showed in English because its catalog lacks them: logged, and
 * outside production named in a response header, which the crawl test reads on every French page.
 */
function reportMissingTranslations(res: Response, deps: RenderDeps, languageCode: string, keys: string[]): void {
  deps.logger.warn({ languageCode, keys, url: res.req.originalUrl }, 'strings missing from the translation catalog');
  if (deps.config.env !== 'production')
    res.setHeader('X-Missing-Translations', keys.map(encodeURIComponent).join(', ').slice(0, 4000));
}

/**
 * Where React writes a page that is ready (nothing suspends, so the whole page is written at
 * once): its chunks are joined and given to the response in one write. Piped straight into the
 * response, React listened for the response's 'close', which comes after every answer, and then
 * built an Error ("closed early") to abort a render that had already finished; and the page went
 * out as a handful of small writes, each passing through the page cache's capture.
 */
function pageSink(res: Response) {
  const chunks: Buffer[] = [];
  let size = 0;
  return {
    write(chunk: Uint8Array | string): boolean {
      const buffer =
        typeof chunk === 'string'
          ? Buffer.from(chunk, 'utf8')
          : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      chunks.push(buffer);
      size += buffer.length;
      return true;
    },
    end(): void {
      if (size > 0) res.write(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
      res.end();
    },
    on() {
      return this;
    },
  };
}

/** The page's pre-rendered parts: the header's and footer's, and its content's when that can be reused. */
function partsFor(
  template: string,
  Template: TemplateComponent,
  payload: PagePayload,
  onTranslate: (entry: CatalogEntry) => void,
  onMissingTranslation?: (context: string, key: string) => void,
): PartLookup {
  const chrome = chromeParts(payload.context, onTranslate, onMissingTranslation);
  return withMainPart(
    chrome,
    mainPart(template, Template, payload.page, payload.context, onTranslate, onMissingTranslation),
    payload.page,
  );
}

function streamPage(
  res: Response,
  resolved: ResolvedPage,
  deps: RenderDeps,
  siteUrl: string,
  Template: TemplateComponent,
  chrome: SiteChrome & Pick<PageContext, 'locationPicker'>,
  socialImagePath: string | null,
  isPreview: boolean,
): void {
  const languageCode = resolved.root.languageCode;
  const catalog = catalogFor(languageCode);
  const used = new Map<string, CatalogEntry>();
  const onTranslate = (entry: CatalogEntry) => used.set(`${entry.context}\u0004${entry.key}`, entry);
  // English pages read their keys as the text; any other language must find every string.
  const missing = new Set<string>();
  const onMissingTranslation = languageCode.startsWith('en')
    ? undefined
    : (context: string, key: string) => missing.add(context ? `${context}|${key}` : key);

  const context: PageContext = {
    languageCode,
    localePrefix: resolved.root.prefix,
    catalog,
    sentryDsn: deps.config.sentryDsn ?? null,
    commitId: deps.config.commitId,
    branch: deps.config.branch,
    siteName: resolved.tree.site.site_name,
    siteUrl,
    alternates: resolved.alternates,
    // Previews (the back office's) mark each block so the editor's accessibility checks can point at it.
    isPreview,
    ...chrome,
  };
  const payload: PagePayload = { template: resolved.template, page: resolved.page, context };
  const pageData = () => pageDataJson(payload, { ...context, catalog: [...used.values()] });
  const nonce = String(res.locals.cspNonce ?? '');
  const scripts = scriptsFor(deps.assets, resolved.template, blockTypesIn(resolved.page.content));
  const t = createTranslator(catalog, undefined, onMissingTranslation);

  let failed = false;
  const stream = renderToPipeableStream(
    <Document
      languageCode={languageCode}
      title={resolved.page.seoTitle || resolved.page.title}
      description={pageDescription(resolved, resolved.tree.site.site_name)}
      robots={resolved.page.robots}
      alternates={resolved.alternates.map((alt) => ({ ...alt, url: new URL(alt.url, siteUrl).href }))}
      styles={deps.assets.styles}
      fontPreload={deps.assets.fontPreload}
      preload={scripts.preload}
      nonce={nonce}
      structuredDataJson={resolved.structuredData ? escapeJsonForScript(resolved.structuredData) : undefined}
      socialImageUrl={socialImagePath ? new URL(socialImagePath, siteUrl).href : undefined}
      pageDataJson={pageData}
      skipLinkText={t('Skip to main content')}
    >
      <PrerenderedParts value={partsFor(resolved.template, Template, payload, onTranslate, onMissingTranslation)}>
        <App
          payload={payload}
          Template={Template}
          blocks={blockComponents}
          onTranslate={onTranslate}
          onMissingTranslation={onMissingTranslation}
        />
      </PrerenderedParts>
    </Document>,
    {
      // No nonce on the entry script and its preload: the CSP's 'self' allows same-origin files,
      // and the page's one nonce stays at its end (views/Document.tsx, server/cache/brotli-tail.ts).
      bootstrapModules: [scripts.entry],
      onAllReady() {
        pendingRenders.delete(stream);
        if (failed) return;
        res.statusCode = resolved.status;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        if (missing.size > 0) reportMissingTranslations(res, deps, languageCode, [...missing]);
        // React reads only write, end and on from its destination.
        stream.pipe(pageSink(res) as unknown as NodeJS.WritableStream);
      },
      onShellError(error) {
        pendingRenders.delete(stream);
        failed = true;
        deps.logger.error({ err: error, pageId: resolved.page.id }, 'page render failed');
        if (!res.headersSent) res.status(500).type('text/plain').send('Internal Server Error');
      },
      onError(error) {
        deps.logger.error({ err: error, pageId: resolved.page.id }, 'error while rendering page');
      },
    },
  );
  watchRender(stream);
}
