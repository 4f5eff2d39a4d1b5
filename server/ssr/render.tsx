import type { Response } from 'express';
import { renderToPipeableStream } from 'react-dom/server';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { ResolvedPage } from '../modules/pages/public-service';
import { catalogFor } from '../../shared/i18n/catalogs';
import { createTranslator, type CatalogEntry } from '../../shared/i18n/translator';
import type { PageContext, PagePayload } from '../../shared/schemas/page-payload';
import { App } from '../../views/App';
import { Document } from '../../views/Document';
import { serverTemplates } from '../../views/templates/index';
import { scriptsFor, type AssetManifest } from './assets';
import { escapeJsonForScript } from './escape-json';

export type RenderDeps = { config: Config; assets: AssetManifest; logger: Logger };

const RENDER_TIMEOUT_MS = 10_000;

/**
 * Streams a resolved page as HTML. Page data is loaded before rendering, so nothing suspends:
 * we wait for onAllReady, which keeps the status code settable and gives crawlers whole pages.
 */
export function renderPage(res: Response, resolved: ResolvedPage, deps: RenderDeps, siteUrl: string): void {
  const Template = serverTemplates[resolved.template];
  if (!Template) throw new Error(`No server template named ${resolved.template}`);
  const languageCode = resolved.root.languageCode;
  const catalog = catalogFor(languageCode);
  const used = new Map<string, CatalogEntry>();
  const onTranslate = (entry: CatalogEntry) => used.set(`${entry.context}\u0004${entry.key}`, entry);

  const context: PageContext = {
    languageCode,
    catalog,
    sentryDsn: deps.config.sentryDsn ?? null,
    commitId: deps.config.commitId,
    branch: deps.config.branch,
    siteName: resolved.tree.site.site_name,
    siteUrl,
    alternates: resolved.alternates,
    isPreview: false,
  };
  const payload: PagePayload = { template: resolved.template, page: resolved.page, context };
  const pageDataJson = () => escapeJsonForScript({ ...payload, context: { ...context, catalog: [...used.values()] } });
  const nonce = String(res.locals.cspNonce ?? '');
  const scripts = scriptsFor(deps.assets, resolved.template);
  const t = createTranslator(catalog);

  let failed = false;
  const stream = renderToPipeableStream(
    <Document
      languageCode={languageCode}
      title={resolved.page.seoTitle || resolved.page.title}
      description={resolved.page.searchDescription}
      robots={resolved.page.robots}
      alternates={resolved.alternates.map((alt) => ({ ...alt, url: new URL(alt.url, siteUrl).href }))}
      styles={deps.assets.styles}
      preload={scripts.preload}
      nonce={nonce}
      pageDataJson={pageDataJson}
      skipLinkText={t('Skip to main content')}
    >
      <App payload={payload} Template={Template} onTranslate={onTranslate} />
    </Document>,
    {
      nonce,
      bootstrapModules: [scripts.entry],
      onAllReady() {
        if (failed) return;
        res.statusCode = resolved.status;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        stream.pipe(res);
      },
      onShellError(error) {
        failed = true;
        deps.logger.error({ err: error, pageId: resolved.page.id }, 'page render failed');
        if (!res.headersSent) res.status(500).type('text/plain').send('Internal Server Error');
      },
      onError(error) {
        deps.logger.error({ err: error, pageId: resolved.page.id }, 'error while rendering page');
      },
    },
  );
  const timer = setTimeout(() => stream.abort(new Error('render timed out')), RENDER_TIMEOUT_MS);
  res.on('close', () => clearTimeout(timer));
}
