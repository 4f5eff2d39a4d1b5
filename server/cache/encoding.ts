import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';

/** Longer Accept-Encoding values are read only this far: a huge header costs no more than a normal one. */
const MAX_ACCEPT_ENCODING = 256;

/**
 * The content coding to answer with: brotli, else gzip, else none, as the request's
 * Accept-Encoding allows (q=0 refuses a coding). Malformed parts are ignored, never an error.
 */
export function negotiateEncoding(header: string | string[] | undefined): Encoding {
  if (!header) return 'identity';
  if (typeof header === 'string') {
    const known = negotiated.get(header);
    if (known !== undefined) return known;
    const found = negotiate(header);
    // Browsers send a handful of values: remember those (short ones only, a few dozen at most).
    if (header.length <= MAX_ACCEPT_ENCODING) {
      if (negotiated.size >= MAX_REMEMBERED) negotiated.clear();
      negotiated.set(header, found);
    }
    return found;
  }
  return negotiate(header);
}

const MAX_REMEMBERED = 64;
const negotiated = new Map<string, Encoding>();

function negotiate(header: string | string[]): Encoding {
  const text = (Array.isArray(header) ? header.join(',') : header).slice(0, MAX_ACCEPT_ENCODING).toLowerCase();
  let br = false;
  let gzip = false;
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim();
    const q = params.map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const accepted = q === undefined || Number(q) > 0;
    if (coding === 'br') br = accepted;
    else if (coding === 'gzip' || coding === 'x-gzip') gzip = accepted;
    else if (coding === '*' && accepted) gzip ||= true;
  }
  return br ? 'br' : gzip ? 'gzip' : 'identity';
}

/** Content types compressed on the way out (text of any kind, JSON, JavaScript, SVG, XML, source maps). */
export function isCompressibleType(contentType: string | number | string[] | undefined): boolean {
  if (typeof contentType !== 'string') return false;
  return /^(text\/(?!event-stream)|application\/(json|javascript|xml|manifest\+json|ld\+json|geo\+json|rss\+xml|atom\+xml|xhtml\+xml)|image\/svg\+xml)/i.test(
    contentType,
  );
}

/** Below this, compressing costs more than the bytes it saves. */
export const MIN_COMPRESS_BYTES = 1024;

/** Dynamic answers: quick levels (per request), unlike the build's precompressed assets. */
export function compressDynamic(body: Buffer, encoding: Exclude<Encoding, 'identity'>): Buffer {
  if (encoding === 'br')
    return brotliCompressSync(body, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
  return gzipSync(body, { level: 6 });
}

/** Adds `Accept-Encoding` to a Vary header value without repeating it. */
export function varyWithEncoding(existing: string | number | string[] | undefined): string {
  const parts = (Array.isArray(existing) ? existing.join(',') : existing === undefined ? '' : String(existing))
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.includes('*')) return '*';
  if (!parts.some((p) => p.toLowerCase() === 'accept-encoding')) parts.push('Accept-Encoding');
  return parts.join(', ');
}
