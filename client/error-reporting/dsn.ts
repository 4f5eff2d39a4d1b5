/**
 * A Sentry DSN, `https://{publicKey}@{host}/{projectId}`, and the envelope endpoint it implies.
 * The key travels in the query string (as the official browser SDK does), so the POST needs no
 * custom header and stays a CORS "simple request" without a preflight.
 */
export type ParsedDsn = { dsn: string; envelopeUrl: string };

export function parseDsn(dsn: string): ParsedDsn | null {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    return null;
  }
  const segments = url.pathname.split('/').filter(Boolean);
  const projectId = segments.pop();
  if (!url.username || !projectId || !/^\d+$/.test(projectId) || !/^https?:$/.test(url.protocol)) return null;
  const prefix = segments.length ? `/${segments.join('/')}` : '';
  const query = new URLSearchParams({ sentry_key: decodeURIComponent(url.username), sentry_version: '7' });
  return { dsn, envelopeUrl: `${url.protocol}//${url.host}${prefix}/api/${projectId}/envelope/?${query}` };
}
