import type { CdnPurgeProvider } from '../cdn-purge-config';

/**
 * What a purge looks like on the wire for each shared cache the app can stand behind. The purge
 * job (cdn-purge.ts) sends these; each provider's limits split a long key list into several.
 */
export type PurgeRequest = { url: string; headers: Record<string, string>; body?: string };
export type PurgeTarget = { provider: CdnPurgeProvider; url: string; secret?: string };

/** Fastly takes up to 256 keys per batch purge; Cloudflare 30 tags per call (the plans' lowest). */
const KEYS_PER_REQUEST: Record<CdnPurgeProvider, number> = { varnish: 256, fastly: 256, cloudflare: 30 };

function chunks(keys: string[], size: number): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < keys.length; i += size) out.push(keys.slice(i, i + size));
  return out;
}

/**
 * The requests (all POST) that purge `keys`, or everything when `all`:
 * - varnish (deploy/varnish/default.vcl): `Surrogate-Key` (space-separated, `all` for everything),
 *   `X-Purge-Secret`, and the same as JSON `{"keys": [...], "all": bool}`.
 * - fastly: `POST /service/<id>/purge` with `Surrogate-Key` and the API token in `Fastly-Key`;
 *   everything is `POST /service/<id>/purge_all`.
 * - cloudflare: `POST /client/v4/zones/<zone>/purge_cache` with `Authorization: Bearer <token>` and
 *   JSON `{"tags": [...]}` (the answers' `Cache-Tag`), or `{"purge_everything": true}`.
 */
export function purgeRequests(target: PurgeTarget, keys: string[], all: boolean): PurgeRequest[] {
  const { provider, url, secret } = target;
  if (provider === 'fastly') {
    const headers: Record<string, string> = { Accept: 'application/json', 'Fastly-Key': secret ?? '' };
    if (all) return [{ url: url.replace(/\/purge\/?$/, '/purge_all'), headers }];
    return chunks(keys, KEYS_PER_REQUEST.fastly).map((part) => ({
      url,
      headers: { ...headers, 'Surrogate-Key': part.join(' ') },
    }));
  }
  if (provider === 'cloudflare') {
    const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${secret ?? ''}` };
    if (all) return [{ url, headers, body: JSON.stringify({ purge_everything: true }) }];
    return chunks(keys, KEYS_PER_REQUEST.cloudflare).map((part) => ({
      url,
      headers,
      body: JSON.stringify({ tags: part }),
    }));
  }
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (secret) headers['X-Purge-Secret'] = secret;
  if (all) return [{ url, headers: { ...headers, 'Surrogate-Key': 'all' }, body: JSON.stringify({ keys, all }) }];
  return chunks(keys, KEYS_PER_REQUEST.varnish).map((part) => ({
    url,
    headers: { ...headers, 'Surrogate-Key': part.join(' ') },
    body: JSON.stringify({ keys: part, all: false }),
  }));
}
