import type { IncomingMessage } from 'node:http';

/**
 * Cache keys: `host|path` (the path decoded, so /a%62c/ and /abc/ share one entry), then
 * `?query` for routes that named the parameters they read (in a fixed order).
 */

const MAX_HOST_KEY = 600;

/** The host part of a key (the forwarded host and protocol too behind a trusted proxy); null when too long to be real. */
export function hostKey(req: IncomingMessage, trustProxy: number): string | null {
  const host = req.headers.host ?? '';
  const key =
    trustProxy > 0
      ? `${String(req.headers['x-forwarded-proto'] ?? '')}|${String(req.headers['x-forwarded-host'] ?? '')}|${host}`
      : host;
  return key.length > MAX_HOST_KEY ? null : key.toLowerCase();
}

/** The path as the router sees it; null when it does not decode (Express answers those). */
export function decodedPath(path: string): string | null {
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * The cache key part of a query: the route's parameters in a fixed order, or null (not cacheable)
 * when the query names anything else or repeats a name, which the route may answer differently
 * (e.g. a 400): only the route decides those.
 */
export function queryKey(query: string, names: string[]): string | null {
  const params = new URLSearchParams(query);
  const seen = new Set<string>();
  for (const name of params.keys()) {
    if (!names.includes(name) || seen.has(name)) return null;
    seen.add(name);
  }
  return names
    .map((name) => (params.has(name) ? `${name}=${encodeURIComponent(params.get(name)!)}` : `${name}~`))
    .join('&');
}
