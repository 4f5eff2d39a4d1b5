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
        <title>{props.title}</title>
        {props.description ? <meta name="description" content={props.description} /> : null}
        {props.robots ? <meta name="robots" content={props.robots} /> : null}
        {props.socialImageUrl ? <meta property="og:image" content={props.socialImageUrl} /> : null}
        {props.alternates.map((alt) => (
          <link key={alt.languageCode} rel="alternate" hrefLang={alt.languageCode} href={alt.url} />
        ))}
        <link rel="icon" href="/static/favicon.svg" type="image/svg+xml" />
        {/* `precedence` makes React emit the stylesheet at the top of the head, before the font and
            module preloads: without it React 19 writes a plain stylesheet after every preload, so
            the first paint's only blocking request was queued behind 14 module chunks (HTTP/1.1:
            six connections). */}
        {props.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} precedence="default" />
        ))}
        {props.fontPreload?.map((href) => (
          // Fonts are always fetched in CORS mode, so the preload must be too or it is wasted.
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
        ))}
        {props.preload.map((href) => (
          // Default priority on purpose: at low priority the chunks ran after the first paint,
          // inside Lighthouse's blocking-time window (docs/decisions/2026-11-26-lighthouse-content-pages.md).
          <link key={href} rel="modulepreload" href={href} />
        ))}
        {props.structuredDataJson ? (
          // A data block, never run: the CSP does not apply to it, so it carries no nonce.
          <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: props.structuredDataJson }} />
        ) : null}
      </head>
      <body>
        <a className="skip-link" href="#mainContent">
          {props.skipLinkText}
        </a>
        <div id="root">{props.children}</div>
        <PageData json={props.pageDataJson} />
        {/* The page's only nonce comes last, so a cached page's brotli variant is compressed once
            up to here and the nonce written into a short uncompressed tail per answer
            (server/cache/brotli-tail.ts). React Aria needs it for the <style> elements it inserts:
            client/hydrate.tsx hands it over. Not a meta element: in the body one would need
            itemprop and content, and React hoists a named one into the head (the Nu HTML Checker
            refused the mix). */}
        <div id="csp-nonce" hidden nonce={props.nonce} />
      </body>
    </html>
  );
}

/** A data block, never run: the CSP does not apply to it, so it carries no nonce. */
function PageData({ json }: { json: () => string }) {
  return <script type="application/json" id="page-data" dangerouslySetInnerHTML={{ __html: json() }} />;
}
