/**
 * The hosts iframe and embed blocks may point at (EMBED_ALLOWED_HOSTS). The server sets the list
 * once at start-up from its configuration (createApp); block schemas consult it when content is
 * saved and rendered, and the CSP's frame-src lists the same hosts.
 */
export const DEFAULT_EMBED_HOSTS: readonly string[] = ['www.youtube-nocookie.com', 'player.vimeo.com'];

let allowedHosts: readonly string[] = DEFAULT_EMBED_HOSTS;

export function configureEmbedHosts(hosts: readonly string[]): void {
  allowedHosts = hosts.map((host) => host.toLowerCase());
}

export const embedHosts = (): readonly string[] => allowedHosts;

/** True for an https URL whose host is exactly one of the allowed hosts. */
export function isAllowedEmbedUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && !parsed.username && !parsed.password && allowedHosts.includes(parsed.hostname.toLowerCase());
  } catch {
    return false;
  }
}
