import type { ReactNode } from 'react';

export type RestrictedDocumentProps = {
  languageCode: string;
  title: string;
  siteName: string;
  /** The site's home page in this language (the logo link). */
  homeUrl: string;
  styles: string[];
  skipLinkText: string;
  children: ReactNode;
};

/**
 * The document around the public password and login forms: the site's stylesheet and a plain
 * header, no script (the forms work without one). Never indexed: it stands in for a private page.
 */
export function RestrictedDocument({
  languageCode,
  title,
  siteName,
  homeUrl,
  styles,
  skipLinkText,
  children,
}: RestrictedDocumentProps) {
  return (
    <html lang={languageCode}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} | ${siteName}`}</title>
        <link rel="icon" href="/static/favicon.svg" type="image/svg+xml" />
        {styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body>
        <a className="skip-link" href="#mainContent">
          {skipLinkText}
        </a>
        <header className="restricted-header">
          <a href={homeUrl} className="restricted-header__home">
            {siteName}
          </a>
        </header>
        <main id="mainContent" tabIndex={-1} className="restricted-page">
          {children}
        </main>
      </body>
    </html>
  );
}
