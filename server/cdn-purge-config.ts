/**
 * The shared caches the purge job can speak to (server/cache/cdn-purge-requests.ts), and the URL
 * each one's purge API has: read by the configuration, so a typo stops the start instead of
 * being found on the first publish.
 */
export const CDN_PURGE_PROVIDERS = ['varnish', 'fastly', 'cloudflare'] as const;
export type CdnPurgeProvider = (typeof CDN_PURGE_PROVIDERS)[number];

/** The URL each provider's purge API has: checked at start-up so a typo is not found on the first publish. */
export function purgeUrlProblem(provider: CdnPurgeProvider, url: string): string | null {
  const path = new URL(url).pathname.replace(/\/+$/, '');
  if (provider === 'fastly' && !/^\/service\/[^/]+\/purge$/.test(path))
    return 'with CDN_PURGE_PROVIDER=fastly, CDN_PURGE_URL must be https://api.fastly.com/service/<service id>/purge';
  if (provider === 'cloudflare' && !/^\/client\/v4\/zones\/[^/]+\/purge_cache$/.test(path))
    return 'with CDN_PURGE_PROVIDER=cloudflare, CDN_PURGE_URL must be https://api.cloudflare.com/client/v4/zones/<zone id>/purge_cache';
  return null;
}
