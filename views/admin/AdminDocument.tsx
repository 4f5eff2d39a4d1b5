import type { ReactNode } from 'react';
import { ICON_SPRITE_META, IconSpriteContext } from './Icon';

export type AdminDocumentProps = {
  title: string;
  styles: string[];
  children: ReactNode;
  scripts?: string[];
  nonce?: string;
  previewChecks?: string;
  /** The icon sprite's URL (the asset manifest's adminIcons). */
  iconSprite?: string;
};

/** Marks the document as scripted (CSS shows the menu button and hides the phone menu until asked). */
const ADMIN_JS_FLAG = "document.documentElement.classList.add('admin-js')";

/** The HTML document of every back-office screen. Rendered on the server only; forms work without JavaScript. */
export function AdminDocument({
  title,
  styles,
  children,
  scripts = [],
  nonce,
  previewChecks,
  iconSprite = '',
}: AdminDocumentProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} · Harborline admin`}</title>
        <link rel="icon" href="/static/favicon.svg" type="image/svg+xml" />
        {/* Before the first paint: the sidebar's script-driven controls take their place at once, so nothing moves when it runs. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ADMIN_JS_FLAG }} />
        {iconSprite ? <meta name={ICON_SPRITE_META} content={iconSprite} /> : null}
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
        <IconSpriteContext value={iconSprite}>{children}</IconSpriteContext>
      </body>
    </html>
  );
}
