import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CachedEntry } from './cache-entry';
import { negotiateEncoding, type Encoding } from './encoding';
import { etagMatches } from './etag';
import { anonymousBrotli } from './brotli-tail';
import { anonymousGzip, personalGzip } from './gzip-member';
import { etagFor, notModifiedHead } from './head-plan';
import type { HoleValues } from './holes';
import { freshNonce, NONCE_LENGTH } from './nonce';

/**
 * The coding to answer with: the request's choice when the entry has it (gzip can always be
 * spliced around holes; brotli only for a whole body or an anonymous visitor's brotli tail).
 */
function codingFor(entry: CachedEntry, header: string | string[] | undefined, own: boolean): Encoding {
  const accepted = negotiateEncoding(header);
  if (accepted === 'br' && !entry.br && (own || !entry.brTail)) return entry.heads.gzip ? 'gzip' : 'identity';
  if (accepted === 'gzip' && !entry.heads.gzip) return 'identity';
  return accepted;
}

/**
 * Above this size an uncompressed body with nonces is sent as slices of the stored bytes around
 * the fresh nonce (one writev), not copied: a 100 KB copy per hit is a memcpy and, worse, 100 KB
 * of new memory the garbage collector must account for (docs/benchmarks.md, issue 32). Below it
 * one copy is cheaper than the extra writes.
 */
export const SLICED_BODY_BYTES = 16 * 1024;

/** An anonymous visitor's body: shared bytes when nothing changes per answer, else the page with the nonce written in. */
function anonymousBody(entry: CachedEntry, encoding: Encoding, nonce: string): Buffer | Buffer[] {
  if (encoding === 'br') return entry.br ?? anonymousBrotli(entry.brTail!, nonce);
  if (encoding === 'gzip')
    return entry.gzipTemplate
      ? anonymousGzip(entry.gzipTemplate, entry.crcParts, entry.holes, entry.defaults, nonce)
      : entry.gzip!;
  if (entry.nonceAt.length === 0) return entry.body;
  if (entry.body.length >= SLICED_BODY_BYTES) {
    const fresh = Buffer.from(nonce, 'latin1');
    const parts: Buffer[] = [];
    let from = 0;
    for (const at of entry.nonceAt) {
      parts.push(entry.body.subarray(from, at), fresh);
      from = at + NONCE_LENGTH;
    }
    parts.push(entry.body.subarray(from));
    return parts;
  }
  const out = Buffer.allocUnsafe(entry.body.length);
  // TypedArray#set: a plain memcpy, several times faster than Buffer#copy's checks on Node 20.
  out.set(entry.body);
  for (const at of entry.nonceAt) out.write(nonce, at, 'latin1');
  return out;
}

/** A body with this visitor's own hole values (their saved location from the 'li' cookie). */
function personalBody(entry: CachedEntry, encoding: Encoding, values: string[]): Buffer {
  if (encoding === 'gzip' && entry.gzipTemplate) return personalGzip(entry.gzipTemplate, entry.crcParts, values);
  const parts: Buffer[] = [];
  let from = 0;
  values.forEach((value, index) => {
    parts.push(entry.body.subarray(from, entry.holeAt[2 * index]), Buffer.from(value));
    from = entry.holeAt[2 * index + 1]!;
  });
  parts.push(entry.body.subarray(from));
  return Buffer.concat(parts);
}

/** Sends a cached answer with its holes filled; the body only for GET. */
export function sendEntry(
  req: IncomingMessage,
  res: ServerResponse,
  entry: CachedEntry,
  fills: Partial<HoleValues>,
  cacheStatus: 'HIT' | 'MISS',
): void {
  const nonce = entry.usesNonce ? freshNonce() : '';
  const own =
    entry.picker &&
    (fills.pickerText !== undefined || fills.pickerAttr !== undefined || fills.pickerJson !== undefined);
  const encoding = codingFor(entry, req.headers['accept-encoding'], own);
  const plan = entry.heads[encoding]!;
  const personal = fills.pickerJson !== undefined && fills.pickerJson !== 'null';
  const etag = personal
    ? etagFor(
        `${entry.etag.slice(0, -1)}-${createHash('sha1').update(fills.pickerJson!).digest('base64url').slice(0, 8)}"`,
        encoding,
      )
    : plan.etag;
  const age = String(Math.max(0, Math.floor((Date.now() - entry.storedAt) / 1000)));
  const conditional = req.headers['if-none-match'];
  if (conditional !== undefined && entry.status === 200 && etagMatches(conditional, etag)) {
    res.writeHead(304, notModifiedHead(plan, etag, cacheStatus, age));
    res.end();
    return;
  }
  let body: Buffer | Buffer[];
  if (own) {
    const values: HoleValues = {
      nonce,
      pickerText: fills.pickerText ?? entry.defaults.pickerText ?? '',
      pickerAttr: fills.pickerAttr ?? '',
      pickerJson: fills.pickerJson ?? 'null',
    };
    body = personalBody(
      entry,
      encoding,
      entry.holes.map((hole) => values[hole]),
    );
  } else body = anonymousBody(entry, encoding, nonce);
  const head = plan.flat.slice();
  for (const [slot, parts] of plan.nonceSlots) head[slot] = parts.join(nonce);
  head[plan.etagSlot] = etag;
  head[plan.cacheSlot] = cacheStatus;
  head[plan.ageSlot] = age;
  head[plan.lengthSlot] = String(Array.isArray(body) ? entry.body.length : body.length);
  res.writeHead(entry.status, head);
  if (req.method === 'HEAD') res.end();
  else if (!Array.isArray(body)) res.end(body);
  else {
    // Node corks the socket on the first write and uncorks on the next tick: one writev of all.
    for (let i = 0; i < body.length - 1; i++) res.write(body[i]);
    res.end(body[body.length - 1]);
  }
}
