/**
 * The hosts iframe and embed blocks may point at (EMBED_ALLOWED_HOSTS). The server sets the list
 * once at start-up from its configuration (createApp); block schemas consult it when content is
 * saved and rendered, and the CSP's frame-src lists the same hosts.
 */
export const DEFAULT_EMBED_HOSTS: readonly string[] = ['www.youtube-nocookie.com', 'player.vimeo.com'];

let allowedHosts: readonly string[] = DEFAULT_EMBED_HOSTS;
let environmentHosts: readonly string[] = DEFAULT_EMBED_HOSTS;

/** `environment`: the configuration's own list (EMBED_ALLOWED_HOSTS), the default of a site without its own. */
export function configureEmbedHosts(hosts: readonly string[], options: { environment?: boolean } = {}): void {
  allowedHosts = hosts.map((host) => host.toLowerCase());
  if (options.environment) environmentHosts = allowedHosts;
}

/** The environment's hosts: a site whose settings leave the allow-list empty uses these. */
export const environmentEmbedHosts = (): readonly string[] => environmentHosts;

export const embedHosts = (): readonly string[] => allowedHosts;

/** True for an https URL whose host is exactly one of the allowed hosts. */
export function isAllowedEmbedUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      parsed.protocol === 'https:' &&
      !parsed.username &&
      !parsed.password &&
      allowedHosts.includes(parsed.hostname.toLowerCase())
    );
  } catch {
    return false;
  }
}
