import type { ReactNode } from 'react';

export type DocumentProps = {
  languageCode: string;
  title: string;
  description: string;
  robots: string;
  canonicalUrl?: string;
  alternates: Array<{ languageCode: string; url: string }>;
  styles: string[];
  preload: string[];
  /** Font files to fetch before the stylesheet asks for them (server/ssr/assets.ts). */
  fontPreload?: string[];
  nonce: string;
  /** The image shared links show (the site's default social image setting), absolute. */
  socialImageUrl?: string;
  /** Escaped schema.org JSON-LD, printed in the head for crawlers. */
  structuredDataJson?: string;
  /** Returns the escaped page-data JSON; called when React reaches the end of <body>. */
  pageDataJson: () => string;
  skipLinkText: string;
  children: ReactNode;
};

/**
 * The HTML document around #root. Rendered only on the server; the browser hydrates #root.
 * The page-data script comes last so it can carry exactly the catalog entries the page used.
 */
export function Document(props: DocumentProps) {
  return (
    <html lang={props.languageCode}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* React Aria reads the nonce from here for the <style> elements it inserts. */}
        <meta name="csp-nonce" nonce={props.nonce} />
        <title>{props.title}</title>
        {props.description ? <meta name="description" content={props.description} /> : null}
        {props.robots ? <meta name="robots" content={props.robots} /> : null}
        {props.socialImageUrl ? <meta property="og:image" content={props.socialImageUrl} /> : null}
        {props.alternates.map((alt) => (
          <link key={alt.languageCode} rel="alternate" hrefLang={alt.languageCode} href={alt.url} />
        ))}
        <link rel="icon" href="/static/favicon.svg" type="image/svg+xml" />
        {props.fontPreload?.map((href) => (
          // Fonts are always fetched in CORS mode, so the preload must be too or it is wasted.
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
        ))}
        {props.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {props.preload.map((href) => (
          // Low, like the entry React preloads: hydration can wait for the stylesheet, the fonts
          // and the page's first image, which share a phone's bandwidth with these chunks.
          <link key={href} rel="modulepreload" href={href} />
        ))}
        {props.structuredDataJson ? (
          <script type="application/ld+json" nonce={props.nonce} dangerouslySetInnerHTML={{ __html: props.structuredDataJson }} />
        ) : null}
      </head>
      <body>
        <a className="skip-link" href="#mainContent">
          {props.skipLinkText}
        </a>
        <div id="root">{props.children}</div>
        <PageData json={props.pageDataJson} nonce={props.nonce} />
      </body>
    </html>
  );
}

function PageData({ json, nonce }: { json: () => string; nonce: string }) {
  return <script type="application/json" id="page-data" nonce={nonce} dangerouslySetInnerHTML={{ __html: json() }} />;
}
