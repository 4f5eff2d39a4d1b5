import { renderToStaticMarkup } from 'react-dom/server';
import { createTranslator, type Translate } from '../../shared/i18n/translator';
import { Logo } from '../../views/components/layout/Logo';

/**
 * The page a visitor sees while the database is away (503). It is drawn without the database:
 * no site name, navigation or footer from the content, only the brand's logo, the stylesheet
 * that ships with the code and a way to try again. In the language of the site root the request
 * was under, when that was resolved before the outage showed.
 */
export function unavailablePage(
  retryAfterSeconds: number,
  language: { languageCode: string; prefix: string; t: Translate } = {
    languageCode: 'en',
    prefix: '',
    t: createTranslator([]),
  },
): string {
  const { t, prefix } = language;
  const body = renderToStaticMarkup(
    <>
      <header className="error-header">
        <a href={`${prefix}/`} aria-label={t('{siteName} home', { values: { siteName: 'Harborline Seafood' } })}>
          <Logo siteName="Harborline Seafood" />
        </a>
      </header>
      <main id="mainContent">
        <h1>{t('We’ll be right back')}</h1>
        <p>{t('Our website cannot reach its data for a moment. Nothing you did caused this.')}</p>
        <p>{t('Please try again in {seconds} seconds.', { values: { seconds: retryAfterSeconds } })}</p>
        <p>
          <a href="">{t('Try again')}</a>
        </p>
      </main>
    </>,
  );
  return `<!doctype html><html lang="${language.languageCode}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${t('Temporarily unavailable')} — Harborline Seafood</title><link rel="stylesheet" href="/static/error.css"></head><body>${body}</body></html>`;
}
