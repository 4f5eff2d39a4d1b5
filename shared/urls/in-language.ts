/**
 * A link in the visitor's language: routes outside the page tree (order, the restaurant's local
 * page, log-in) are built as English paths, and a page in another language puts its prefix
 * ('/fr') in front, so a French visitor stays on French pages (issue 29).
 *
 * Only links to the site being viewed change: a root-relative path, or an absolute URL on the
 * same origin as `siteUrl`. A link to another site (the US site from a Canadian page) is left
 * as it is, since that site's languages are its own. Runs in the browser too (no Node APIs).
 */
export function inLanguage(url: string, localePrefix: string | undefined, siteUrl: string): string {
  if (!localePrefix) return url;
  if (url.startsWith('/') && !url.startsWith('//')) return withPrefix(url, localePrefix);
  let parsed: URL;
  let site: URL;
  try {
    parsed = new URL(url);
    site = new URL(siteUrl);
  } catch {
    return url;
  }
  if (parsed.origin !== site.origin) return url;
  return `${parsed.origin}${withPrefix(`${parsed.pathname}${parsed.search}${parsed.hash}`, localePrefix)}`;
}

function withPrefix(path: string, prefix: string): string {
  if (path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`)) return path;
  return `${prefix}${path}`;
}
