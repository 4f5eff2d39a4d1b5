import type { Response } from 'express';
import { catalogFor, catalogLanguages } from '../../shared/i18n/catalogs';
import { createTranslator, type Translate } from '../../shared/i18n/translator';

/** The language a plain error page speaks: that of the site root the request was under. */
export type ErrorPageLanguage = { languageCode: string; prefix: string; t: Translate };

/**
 * From the request's site when it was resolved (every public path; API paths skip it). A request
 * refused before that (the CSRF check of a form post) speaks the language its path prefix names
 * ('/fr/...'), when a catalog has it; anything else English. A message the catalog lacks is replaced by the generic one of its status class, so a
 * French visitor never reads an English sentence (issue 29).
 */
export function errorPageLanguage(res: Response): ErrorPageLanguage {
  const root =
    (res.locals.requestSite as { root?: { languageCode: string; prefix: string } } | undefined)?.root ??
    rootFromPath(res.req.path);
  const languageCode = root?.languageCode ?? 'en-US';
  return { languageCode, prefix: root?.prefix ?? '', t: createTranslator(catalogFor(languageCode)) };
}

function rootFromPath(path: string): { languageCode: string; prefix: string } | undefined {
  const language = /^\/([a-z]{2})(?:\/|$)/.exec(path)?.[1];
  if (!language) return undefined;
  const languageCode = catalogLanguages().find((code) => code.toLowerCase().startsWith(`${language}-`));
  return languageCode ? { languageCode, prefix: `/${language}` } : undefined;
}

const isEnglish = (languageCode: string) => languageCode.toLowerCase().startsWith('en');

/** The message in the page's language, or the generic message of its status when it has no translation. */
export function translatedMessage(language: ErrorPageLanguage, status: number, message: string): string {
  if (isEnglish(language.languageCode)) return message;
  let missing = false;
  const translated = createTranslator(catalogFor(language.languageCode), undefined, () => {
    missing = true;
  })(message);
  if (!missing) return translated;
  return language.t(status >= 500 ? 'Something went wrong on our side.' : 'The request could not be processed.');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page of an error that has no page of its own (400, 403, 409, 429, 500...). */
export function plainErrorPage(status: number, message: string, language: ErrorPageLanguage): string {
  const { t, languageCode, prefix } = language;
  const title = escapeHtml(t('Error {status}', { values: { status } }));
  const text = escapeHtml(translatedMessage(language, status, message));
  return `<!doctype html><html lang="${escapeHtml(languageCode)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><link rel="stylesheet" href="/static/error.css"></head><body><main id="mainContent"><h1>${title}</h1><p>${text}</p><p><a href="${escapeHtml(prefix)}/">${escapeHtml(t('Return to Homepage'))}</a></p></main></body></html>`;
}
