import { renderToStaticMarkup } from 'react-dom/server';
import { Logo } from '../../views/components/layout/Logo';

/**
 * The page a visitor sees while the database is away (503). It is drawn without the database:
 * no site name, navigation or footer from the content, only the brand's logo, the stylesheet
 * that ships with the code and a way to try again.
 */
export function unavailablePage(retryAfterSeconds: number): string {
  const body = renderToStaticMarkup(
    <>
      <header className="error-header">
        <a href="/" aria-label="Harborline Seafood home">
          <Logo siteName="Harborline Seafood" />
        </a>
      </header>
      <main id="mainContent">
        <h1>We’ll be right back</h1>
        <p>Our website cannot reach its data for a moment. Nothing you did caused this.</p>
        <p>Please try again in {retryAfterSeconds} seconds.</p>
        <p>
          <a href="">Try again</a>
        </p>
      </main>
    </>,
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Temporarily unavailable — Harborline Seafood</title><link rel="stylesheet" href="/static/error.css"></head><body>${body}</body></html>`;
}
