import type { ReactNode } from 'react';

export type AdminDocumentProps = { title: string; styles: string[]; children: ReactNode };

/** The HTML document of every back-office screen. Rendered on the server only; forms work without JavaScript. */
export function AdminDocument({ title, styles, children }: AdminDocumentProps) {
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
