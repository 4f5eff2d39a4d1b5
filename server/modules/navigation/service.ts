import type { Db } from '../../db';
import type { Logger } from '../../logger';
import {
  footerContentSchema,
  headerContentSchema,
  type FooterContent,
  type HeaderContent,
  type SiteFooterPayload,
  type SiteHeaderPayload,
} from '../../../shared/schemas/navigation';
import * as repo from './repo';

export type SiteChrome = { header?: SiteHeaderPayload; footer?: SiteFooterPayload };

export type SiteChromeRequest = { siteId: number; languageCode: string; defaultLanguageCode: string };

/**
 * The header and footer a page carries. The page's language wins; a language without its own
 * row falls back to the site's default language. Stored JSON that no longer passes its schema is
 * logged and left out (the legacy header and a bare footer render), never a 500.
 */
export async function loadSiteChrome(db: Db, logger: Logger, request: SiteChromeRequest, a11yFeedbackUrl: string | undefined): Promise<SiteChrome> {
  const rows = await repo.findSnippets(db, request.siteId, [...new Set([request.languageCode, request.defaultLanguageCode])]);
  const row = rows.find((r) => r.language_code === request.languageCode) ?? rows.find((r) => r.language_code === request.defaultLanguageCode);
  if (!row) return {};
  const chrome: SiteChrome = {};
  const header = row.header === null ? undefined : headerContentSchema.safeParse(row.header);
  if (header?.success) chrome.header = { newHeader: row.new_header, content: header.data };
  else if (header) logger.warn({ siteId: request.siteId, issues: header.error.issues }, 'stored header content fails its schema');
  const footer = row.footer === null ? undefined : footerContentSchema.safeParse(row.footer);
  if (footer?.success) chrome.footer = { content: footer.data, a11yFeedbackUrl: a11yFeedbackUrl ?? null };
  else if (footer) logger.warn({ siteId: request.siteId, issues: footer.error.issues }, 'stored footer content fails its schema');
  return chrome;
}

/** Validates and saves a site's snippets for one language (the back office and the seed use it). */
export async function saveSiteSnippets(
  db: Db,
  siteId: number,
  languageCode: string,
  input: { header: unknown; footer: unknown; newHeader: boolean },
): Promise<{ header: HeaderContent | null; footer: FooterContent | null }> {
  const header = input.header === null ? null : headerContentSchema.parse(input.header);
  const footer = input.footer === null ? null : footerContentSchema.parse(input.footer);
  await repo.upsertSnippets(db, siteId, languageCode, { header, footer, newHeader: input.newHeader });
  return { header, footer };
}
