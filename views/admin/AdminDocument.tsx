import type { ReactNode } from 'react';

export type AdminDocumentProps = {
  title: string;
  styles: string[];
  children: ReactNode;
  scripts?: string[];
  nonce?: string;
  previewChecks?: string;
};

/** The HTML document of every back-office screen. Rendered on the server only; forms work without JavaScript. */
export function AdminDocument({ title, styles, children, scripts = [], nonce, previewChecks }: AdminDocumentProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} · Harborline admin`}</title>
        <link rel="icon" href="/static/favicon.svg" type="image/svg+xml" />
        {styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {/* React Aria reads the nonce from here for the <style> elements it inserts (block editor). */}
        {scripts.length ? <meta name="csp-nonce" nonce={nonce} /> : null}
        {/* The live preview loads this script (axe-core) into its frame to check the page's accessibility. */}
        {previewChecks ? <meta name="admin-preview-checks" content={previewChecks} /> : null}
        {scripts.map((src) => (
          <script key={src} type="module" src={src} nonce={nonce} />
        ))}
      </head>
      <body className="admin">
        <a className="admin-skip-link" href="#main">
          Skip to main content
        </a>
        {children}
      </body>
    </html>
  );
}
