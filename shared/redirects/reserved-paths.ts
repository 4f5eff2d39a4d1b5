/**
 * Paths the application answers itself, outside the page tree, where no redirect may be made:
 * a redirect there would let a look-alike address of the staff login or of an API lead elsewhere
 * (`/%77agtail/login/` is not routed to the back office, so it would reach the redirect lookup).
 * Redirects only answer when no page matched, so old page and directory addresses stay free;
 * what is listed here is every router server/app.ts mounts that is not a public page
 * (test/integration/redirect-paths.test.ts walks the app's routes and checks each is covered).
 */
export const RESERVED_REDIRECT_PREFIXES: readonly string[] = [
  '/wagtail/', // the back office and its login
  '/_util/', // page-privacy password and login forms
  '/api/', // public JSON APIs (health, locations, wait list, forms)
  '/api-nc/', // the CSRF token API
  '/admin/', // the load balancer's heartbeat
  '/static/', // code, styles, fonts
  '/media/', // image renditions, map images
  '/documents/', // documents and their password form
  '/videos/',
  '/video-track/',
  '/maps/', // the offline base map
  '/.well-known/', // security.txt and other machine-read files
  '/accessibility-report/', // the site's own accessibility report form
  '/sitemap/',
  '/sitemap.xml',
  '/robots.txt',
  '/integration-manifest.json',
];

/**
 * The reserved prefix a normalised path lies under, if any. The path is decoded again (up to four
 * times), its '.' and '..' segments resolved and its slashes collapsed, case-insensitively, so no
 * spelling of a reserved path passes: `/WAGTAIL/`, `/%2577agtail/`, `/./wagtail/`, `/x/../wagtail/`.
 */
export function reservedPrefixOf(path: string): string | undefined {
  for (const form of spellingsOf(path)) {
    const found = RESERVED_REDIRECT_PREFIXES.find((prefix) =>
      prefix.endsWith('/') ? form === prefix.slice(0, -1) || form.startsWith(prefix) : form === prefix,
    );
    if (found !== undefined) return found;
  }
  return undefined;
}

function spellingsOf(path: string): string[] {
  const forms: string[] = [];
  let current = path;
  for (let round = 0; round < 5; round++) {
    forms.push(canonical(current));
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      break;
    }
    if (next === current) break;
    current = next;
  }
  return forms;
}

/** Lower-case, '\' read as '/', empty, '.' and '..' segments resolved; a trailing slash kept. */
function canonical(path: string): string {
  const segments: string[] = [];
  const parts = path.toLowerCase().replace(/\\/g, '/').split('/');
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') segments.pop();
    else segments.push(part);
  }
  const trailing = parts.at(-1) === '' || parts.at(-1) === '.' || parts.at(-1) === '..';
  return `/${segments.join('/')}${trailing && segments.length > 0 ? '/' : ''}`;
}
