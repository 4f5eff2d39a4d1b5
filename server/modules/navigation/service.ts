import type { Db } from '../../db';
import type { Logger } from '../../logger';
import { footerContentSchema, headerContentSchema, type FooterContent } from '../../../shared/schemas/navigation';
import type { StoredFooter } from '../../../shared/schemas/snippets';
import { initialiseChrome, snippetsChanged } from '../snippets/service';
import { snippetsCacheFor } from '../snippets/public-cache';
import type { SiteChrome } from '../../ssr/render';

export type { SiteChrome };

export type SiteChromeRequest = { siteId: number; languageCode: string; defaultLanguageCode: string };

/**
 * The header and footer a page carries: the published header menu and footer snippets
 * (/wagtail/snippets/core/...) of the page's language, else of the site's default language, and
 * the region switcher from the country snippets. Read from the process's snippets cache, which
 * every publish clears on every dyno. Stored JSON that no longer passes its schema is logged and
 * left out (the legacy header and a bare footer render), never a 500.
 */
export async function loadSiteChrome(
  db: Db,
  logger: Logger,
  request: SiteChromeRequest,
  settings: { a11yFeedbackUrl: string | undefined; newHeader: boolean },
): Promise<SiteChrome> {
  const { header, footer } = await snippetsCacheFor(db, logger).chrome(
    request.siteId,
    request.languageCode,
    request.defaultLanguageCode,
  );
  const chrome: SiteChrome = {};
  if (header) chrome.header = { newHeader: settings.newHeader, content: header };
  if (footer) chrome.footer = { content: footer, a11yFeedbackUrl: settings.a11yFeedbackUrl ?? null };
  return chrome;
}

/** Validates and publishes a site's header and footer for one language without a user (the seed and tests). */
export async function saveSiteSnippets(
  db: Db,
  siteId: number,
  languageCode: string,
  input: { header: unknown; footer: unknown },
): Promise<void> {
  const header = input.header === null ? null : headerContentSchema.parse(input.header);
  const footer = input.footer === null ? null : footerContentSchema.parse(input.footer);
  await initialiseChrome(db, siteId, languageCode, { header, footer: footer ? storedFooter(footer) : null });
  await snippetsChanged(db);
}

/** The footer as stored: the regions come from the country snippets. */
function storedFooter(footer: FooterContent): StoredFooter {
  const { regions: _regions, ...rest } = footer;
  return rest;
}
