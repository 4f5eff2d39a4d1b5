import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { crcParts } from './crc-combine';
import { varyWithEncoding, type Encoding } from './encoding';
import { gzipTemplate, type GzipTemplate } from './gzip-member';
import { headPlan, type HeadPlan } from './head-plan';
import type { Hole, HoleValues } from './holes';
import { NONCE_LENGTH } from './nonce';
import { languageOf, pickerCuts, type Cut } from './picker-holes';

/**
 * A stored answer, laid out so a hit does as little as possible: the body of an anonymous answer
 * is ready (the nonce written at known offsets), the gzip member too (nonces in stored blocks, the
 * CRC combined from per-part CRCs), and the headers of each coding are a flat list for writeHead.
 */
/** A page's brotli answer for anonymous visitors (made by brotli-tail.ts after the first hit). */
export type BrotliTail = {
  bytes: Buffer;
  /** Where the nonces go in `bytes`. */
  nonceAt: number[];
};

export type CachedEntry = {
  key: string;
  status: number;
  /** Headers as sent, the nonce cut out of their values (joined with the fresh one per answer). */
  headers: Array<[string, string[]]>;
  /** The body with each hole's default (a placeholder for a nonce): what an anonymous visitor gets. */
  body: Buffer;
  holes: Hole[];
  /** Where hole i sits in `body`: [start, end] at 2i, 2i + 1. */
  holeAt: number[];
  /** Where the nonces go in `body`. */
  nonceAt: number[];
  /** A nonce is in the body or a header (the CSP): each answer gets a fresh one. */
  usesNonce: boolean;
  /** The body's parts between holes, each with its CRC and shift matrix (crc-combine.ts). */
  crcParts: Uint32Array;
  /** Bodies with holes: a gzip member made once, spliced per answer (gzip-member.ts). */
  gzipTemplate?: GzipTemplate;
  /** Bodies whose nonce is in a short tail: brotli for anonymous visitors, added once made (brotli-tail.ts). */
  brTail?: BrotliTail;
  /** Whole-body variants, for bodies without holes (JSON answers). */
  br?: Buffer;
  gzip?: Buffer;
  /** Headers per coding, as writeHead takes them. */
  heads: Partial<Record<Encoding, HeadPlan>>;
  /** What a hole holds when the visitor has nothing of their own (no 'li' cookie). */
  defaults: Partial<HoleValues>;
  /** The header picker's holes are in the page ('li' cookie visitors get their own). */
  picker: boolean;
  languageCode: string;
  etag: string;
  /** Tables the answer was built from (the dependency record invalidation reads). */
  tables: Set<string>;
  storedAt: number;
  expiresAt: number;
  bytes: number;
  /** 404s and redirects live in their own small part of the cache, so a flood of them evicts only them. */
  short: boolean;
  /** The cache's use counter when this entry last moved to the recent end (page-cache.ts). */
  usedAt: number;
};

export type EntryInput = {
  key: string;
  status: number;
  headers: Array<[string, string[]]>;
  body: Buffer;
  /** The nonce this render used; every occurrence becomes a hole. */
  nonce: string | undefined;
  /** The render drew the header picker without a saved location: its parts become holes. */
  picker: boolean;
  tables: Set<string>;
  ttlMs: number;
  short: boolean;
  now: number;
};

/**
 * zlib's sync results are views into 16 KB output buffers, which stay alive with them: a 20-byte
 * piece of a cached page would hold 16 KB the cache's byte count never sees. Entries keep exact
 * copies, so the configured bound is what they really take.
 */
export function exactCopy(view: Buffer): Buffer {
  if (view.byteOffset === 0 && view.buffer.byteLength === view.length) return view;
  const copy = Buffer.allocUnsafeSlow(view.length);
  view.copy(copy);
  return copy;
}

const NONCE_PLACEHOLDER = 'N'.repeat(NONCE_LENGTH);

/**
 * What an entry holds on the JavaScript heap besides the bytes counted one by one (its objects,
 * header plans, offsets, dependency keys and index slots). Measured: after 10,000 press pages
 * the heap held 22 MB more for 2,073 entries, on PGlite and PostgreSQL alike (npm run
 * bench:page-cache-memory, 2026-11-26); a 512-byte guess let the process outgrow the bound.
 */
const ENTRY_HEAP_BYTES = 10 * 1024;

/** Makes a cache entry of a finished answer: its holes found, its variants compressed once. */
export function buildEntry(input: EntryInput): CachedEntry {
  const { body: rendered } = input;
  const cuts: Cut[] = [];
  const defaults: Partial<HoleValues> = {};
  if (input.nonce) {
    const needle = Buffer.from(input.nonce);
    for (let at = rendered.indexOf(needle); at >= 0; at = rendered.indexOf(needle, at + needle.length))
      cuts.push({ start: at, end: at + needle.length, hole: 'nonce' });
  }
  if (input.picker) {
    const picker = pickerCuts(rendered);
    cuts.push(...picker.cuts);
    Object.assign(defaults, picker.defaults);
  }
  cuts.sort((a, b) => a.start - b.start);
  const holes = cuts.map((cut) => cut.hole);
  const fixed: Buffer[] = [];
  const pieces: Buffer[] = [];
  const holeAt: number[] = [];
  const nonceAt: number[] = [];
  let from = 0;
  let length = 0;
  for (const cut of cuts) {
    const part = rendered.subarray(from, cut.start);
    const value = Buffer.from(cut.hole === 'nonce' ? NONCE_PLACEHOLDER : (defaults[cut.hole] ?? ''));
    fixed.push(part);
    pieces.push(part, value);
    length += part.length;
    holeAt.push(length, length + value.length);
    if (cut.hole === 'nonce') nonceAt.push(length);
    length += value.length;
    from = cut.end;
  }
  fixed.push(rendered.subarray(from));
  pieces.push(rendered.subarray(from));
  // One exact allocation: the entry does not keep the capture buffer's pool alive.
  const body = exactCopy(holes.length > 0 ? Buffer.concat(pieces) : rendered);
  const etag = `"${createHash('sha1').update(rendered).digest('base64url').slice(0, 22)}"`;
  const entry: CachedEntry = {
    key: input.key,
    status: input.status,
    headers: input.headers,
    body,
    holes,
    holeAt,
    nonceAt,
    usesNonce: holes.includes('nonce') || input.headers.some(([, parts]) => parts.length > 1),
    crcParts: holes.length > 0 ? crcParts(fixed) : new Uint32Array(0),
    heads: {},
    defaults,
    picker: holes.includes('pickerText'),
    languageCode: languageOf(rendered),
    etag,
    tables: input.tables,
    storedAt: input.now,
    expiresAt: input.now + input.ttlMs,
    bytes: 0,
    short: input.short,
    usedAt: 0,
  };
  if (holes.length > 0) entry.gzipTemplate = gzipTemplate(fixed, holes, defaults, body.length);
  else if (rendered.length >= 256) {
    entry.br = exactCopy(
      brotliCompressSync(rendered, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: rendered.length },
      }),
    );
    entry.gzip = exactCopy(gzipSync(rendered, { level: 9 }));
  }
  entry.heads.identity = headPlan(input.headers, etag, 'identity');
  if (entry.gzip || entry.gzipTemplate) entry.heads.gzip = headPlan(input.headers, etag, 'gzip');
  if (entry.br) entry.heads.br = headPlan(input.headers, etag, 'br');
  const headerBytes = input.headers.reduce((sum, [name, parts]) => sum + name.length + parts.join('').length, 0);
  entry.bytes =
    ENTRY_HEAP_BYTES +
    input.key.length +
    // The flat header lists repeat the headers once per coding.
    headerBytes * (1 + Object.keys(entry.heads).length) +
    body.length +
    entry.crcParts.byteLength +
    (entry.gzipTemplate?.bytes.length ?? 0) +
    (entry.br?.length ?? 0) +
    (entry.gzip?.length ?? 0);
  return entry;
}

/** The header list of an answer to store: hop-by-hop and per-answer headers left out, the nonce cut out. */
export function storedHeaders(
  res: ServerResponse,
  nonce: string | undefined,
  extra: Record<string, string>,
): Array<[string, string[]]> {
  const skip = new Set([
    'date',
    'connection',
    'keep-alive',
    'transfer-encoding',
    'content-length',
    'content-encoding',
    'etag',
    'x-request-id',
    'set-cookie',
    'age',
    'x-cache',
  ]);
  const out: Array<[string, string[]]> = [];
  for (const name of res.getHeaderNames()) {
    if (skip.has(name) || name in extra) continue;
    const raw = res.getHeader(name);
    const value = Array.isArray(raw) ? raw.join(', ') : String(raw);
    out.push([name, nonce ? value.split(nonce) : [value]]);
  }
  for (const [name, value] of Object.entries(extra)) out.push([name, [value]]);
  const vary = out.find(([name]) => name === 'vary');
  if (vary) vary[1] = [varyWithEncoding(vary[1].join(''))];
  else out.push(['vary', ['Accept-Encoding']]);
  return out;
}

/** The entry with its brotli answer for anonymous visitors: a new object, so the cache counts its bytes when it replaces the old one. */
export function withBrotliTail(entry: CachedEntry, tail: BrotliTail): CachedEntry {
  return {
    ...entry,
    brTail: tail,
    heads: { ...entry.heads, br: headPlan(entry.headers, entry.etag, 'br') },
    bytes: entry.bytes + tail.bytes.length,
  };
}
