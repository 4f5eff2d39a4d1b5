import { createHash, randomFillSync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlibConstants, crc32, deflateRawSync, gzipSync } from 'node:zlib';
import { negotiateEncoding, varyWithEncoding } from './encoding';
import { etagMatches } from './etag';
import type { Hole, HoleValues } from './holes';
import { languageOf, pickerCuts, type Cut } from './picker-holes';

/**
 * Per-response parts of a cached page: the CSP nonce (fresh for every answer) and the header
 * picker's saved location, which the 'li' cookie chooses (spec section 2): its trigger text, its
 * data attribute, and the location in the page data the browser hydrates from.
 */
export type { Hole, HoleValues } from './holes';

export type CachedEntry = {
  key: string;
  status: number;
  /** Headers as sent, the nonce cut out of their values (joined with the fresh one per answer). */
  headers: Array<[string, string[]]>;
  /** Static parts of the body between the holes (`segments.length === holes.length + 1`). */
  segments: Buffer[];
  holes: Hole[];
  /** A nonce is in the body or a header (the CSP): each answer gets a fresh one. */
  usesNonce: boolean;
  /** Each segment deflated alone and sync-flushed: gzip answers splice them around the holes. */
  deflated: Buffer[];
  /** Whole-body variants, for bodies without holes (JSON answers). */
  br?: Buffer;
  gzip?: Buffer;
  /** What a hole holds when the visitor has nothing of their own (no 'li' cookie). */
  defaults: Partial<HoleValues>;
  languageCode: string;
  etag: string;
  /** Tables the answer was built from (the dependency record invalidation reads). */
  tables: Set<string>;
  storedAt: number;
  expiresAt: number;
  bytes: number;
  /** 404s and redirects live in their own small part of the cache, so a flood of them evicts only them. */
  short: boolean;
};

/** The bytes of a gzip member header: deflate, no name, no time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final stored block: ends a deflate stream that sync-flushed blocks built. */
const DEFLATE_END = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/** A raw deflate stored block (not final) holding `data`: how a hole goes into a gzip answer. */
function storedBlocks(data: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let offset = 0; offset < data.length; offset += 0xffff) {
    const part = data.subarray(offset, offset + 0xffff);
    const header = Buffer.from([0x00, part.length & 0xff, part.length >> 8, ~part.length & 0xff, (~part.length >> 8) & 0xff]);
    out.push(header, part);
  }
  return out;
}

/** 16 random bytes per nonce, drawn from a refilled pool (one system call per 256 nonces). */
const noncePool = Buffer.alloc(4096);
let nonceOffset = noncePool.length;
export function freshNonce(): string {
  if (nonceOffset >= noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString('base64', nonceOffset, nonceOffset + 16);
  nonceOffset += 16;
  return nonce;
}

export type PageCacheOptions = {
  /** The bound on stored bytes (bodies, their variants and headers). */
  maxBytes: number;
  /** A single answer larger than this is not stored. */
  maxEntryBytes?: number;
  now?: () => number;
};

/**
 * Ready-to-send answers in memory, least recently used first out, bounded in bytes. Entries
 * remember which tables they were built from; a write to one of those tables (on any dyno)
 * drops them (server/cache/invalidation.ts).
 */
export class PageCache {
  private readonly main = new Map<string, CachedEntry>();
  private readonly shortLived = new Map<string, CachedEntry>();
  private readonly byTable = new Map<string, Set<string>>();
  private mainBytes = 0;
  private shortBytes = 0;
  readonly maxBytes: number;
  readonly maxEntryBytes: number;
  private readonly now: () => number;
  /** Counts up on every invalidation: a render that began before one of its tables changed is not stored. */
  generation = 0;
  private flushedAt = 0;
  private readonly tableGenerations = new Map<string, number>();
  hits = 0;
  misses = 0;

  constructor(options: PageCacheOptions) {
    this.maxBytes = options.maxBytes;
    this.maxEntryBytes = Math.min(options.maxEntryBytes ?? 2 * 1024 * 1024, Math.floor(options.maxBytes / 8));
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.main.size + this.shortLived.size;
  }

  get bytes(): number {
    return this.mainBytes + this.shortBytes;
  }

  get(key: string): CachedEntry | undefined {
    const map = this.main.has(key) ? this.main : this.shortLived;
    const entry = map.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.delete(key);
      return undefined;
    }
    // Most recently used goes last.
    map.delete(key);
    map.set(key, entry);
    return entry;
  }

  set(entry: CachedEntry): boolean {
    if (entry.bytes > this.maxEntryBytes) return false;
    this.delete(entry.key);
    const map = entry.short ? this.shortLived : this.main;
    map.set(entry.key, entry);
    if (entry.short) this.shortBytes += entry.bytes;
    else this.mainBytes += entry.bytes;
    for (const table of entry.tables) {
      const keys = this.byTable.get(table) ?? new Set<string>();
      this.byTable.set(table, keys.add(entry.key));
    }
    // The short-lived part gets a tenth of the budget, the rest the remainder.
    const shortBudget = Math.floor(this.maxBytes / 10);
    while (this.shortBytes > shortBudget) this.evictOldest(this.shortLived);
    while (this.mainBytes > this.maxBytes - shortBudget) this.evictOldest(this.main);
    return this.main.has(entry.key) || this.shortLived.has(entry.key);
  }

  /** Drops every entry built from one of `tables`; '*' drops everything. */
  invalidate(tables: Iterable<string> | '*'): number {
    if (tables === '*') return this.flush();
    this.generation++;
    let dropped = 0;
    for (const table of tables) {
      this.tableGenerations.set(table, this.generation);
      for (const key of [...(this.byTable.get(table) ?? [])]) dropped += this.delete(key) ? 1 : 0;
    }
    return dropped;
  }

  /** True when one of `tables` (or everything) was invalidated after `generation`: an answer built from them since then may hold old rows. */
  changedSince(generation: number, tables: Iterable<string>): boolean {
    if (this.flushedAt > generation) return true;
    for (const table of tables) if ((this.tableGenerations.get(table) ?? 0) > generation) return true;
    return false;
  }

  flush(): number {
    this.generation++;
    this.flushedAt = this.generation;
    const count = this.size;
    this.main.clear();
    this.shortLived.clear();
    this.byTable.clear();
    this.mainBytes = 0;
    this.shortBytes = 0;
    return count;
  }

  private evictOldest(map: Map<string, CachedEntry>): void {
    const oldest = map.keys().next();
    if (oldest.done) return;
    this.delete(oldest.value);
  }

  private delete(key: string): boolean {
    const entry = this.main.get(key) ?? this.shortLived.get(key);
    if (!entry) return false;
    if (entry.short) {
      this.shortLived.delete(key);
      this.shortBytes -= entry.bytes;
    } else {
      this.main.delete(key);
      this.mainBytes -= entry.bytes;
    }
    for (const table of entry.tables) {
      const keys = this.byTable.get(table);
      keys?.delete(key);
      if (keys?.size === 0) this.byTable.delete(table);
    }
    return true;
  }
}

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
function exactCopy(view: Buffer): Buffer {
  if (view.byteOffset === 0 && view.buffer.byteLength === view.length) return view;
  const copy = Buffer.allocUnsafeSlow(view.length);
  view.copy(copy);
  return copy;
}

/** Makes a cache entry of a finished answer: its holes found, its variants compressed once. */
export function buildEntry(input: EntryInput): CachedEntry {
  const { body } = input;
  const cuts: Cut[] = [];
  const defaults: Partial<HoleValues> = {};
  if (input.nonce) {
    const needle = Buffer.from(input.nonce);
    for (let at = body.indexOf(needle); at >= 0; at = body.indexOf(needle, at + needle.length)) cuts.push({ start: at, end: at + needle.length, hole: 'nonce' });
  }
  if (input.picker) {
    const picker = pickerCuts(body);
    cuts.push(...picker.cuts);
    Object.assign(defaults, picker.defaults);
  }
  cuts.sort((a, b) => a.start - b.start);
  const segments: Buffer[] = [];
  let from = 0;
  for (const cut of cuts) {
    segments.push(body.subarray(from, cut.start));
    from = cut.end;
  }
  segments.push(body.subarray(from));
  const holes = cuts.map((cut) => cut.hole);
  // Copies, so the entry does not keep the whole capture buffer's pool alive.
  const owned = segments.map((segment) => exactCopy(segment));
  const deflated = holes.length > 0 ? owned.map((segment) => exactCopy(deflateRawSync(segment, { level: 9, finishFlush: zlibConstants.Z_SYNC_FLUSH }))) : [];
  const entry: CachedEntry = {
    key: input.key,
    status: input.status,
    headers: input.headers,
    segments: owned,
    holes,
    usesNonce: holes.includes('nonce') || input.headers.some(([, parts]) => parts.length > 1),
    deflated,
    defaults,
    languageCode: languageOf(body),
    etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
    tables: input.tables,
    storedAt: input.now,
    expiresAt: input.now + input.ttlMs,
    bytes: 0,
    short: input.short,
  };
  if (holes.length === 0 && body.length >= 256) {
    entry.br = exactCopy(brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
    entry.gzip = exactCopy(gzipSync(body, { level: 9 }));
  }
  const headerBytes = input.headers.reduce((sum, [name, parts]) => sum + name.length + parts.join('').length, 0);
  entry.bytes =
    512 +
    input.key.length +
    headerBytes +
    owned.reduce((sum, b) => sum + b.length, 0) +
    deflated.reduce((sum, b) => sum + b.length, 0) +
    (entry.br?.length ?? 0) +
    (entry.gzip?.length ?? 0);
  return entry;
}

/** Sends a cached answer with its holes filled; the body only for GET. */
export function sendEntry(req: IncomingMessage, res: ServerResponse, entry: CachedEntry, fills: Partial<HoleValues>, cacheStatus: 'HIT' | 'MISS'): void {
  const nonce = entry.usesNonce ? freshNonce() : '';
  const values: HoleValues = { nonce, pickerText: fills.pickerText ?? entry.defaults.pickerText ?? '', pickerAttr: fills.pickerAttr ?? '', pickerJson: fills.pickerJson ?? 'null' };
  const personal = fills.pickerJson !== undefined && fills.pickerJson !== 'null';
  const accepted = negotiateEncoding(req.headers['accept-encoding']);
  const encoding = accepted === 'br' && !entry.br ? (entry.gzip || entry.holes.length > 0 ? 'gzip' : 'identity') : accepted === 'gzip' && !entry.gzip && entry.holes.length === 0 ? 'identity' : accepted;
  const base = personal ? `${entry.etag.slice(0, -1)}-${createHash('sha1').update(values.pickerJson).digest('base64url').slice(0, 8)}"` : entry.etag;
  const etag = encoding === 'identity' ? base : `${base.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}"`;
  const headers: Record<string, string | string[] | number> = {};
  for (const [name, parts] of entry.headers) {
    // The CSP header names the nonce: a 304 leaves out the one the browser's stored copy matches.
    if (parts.length > 1 && !nonce) continue;
    headers[name] = parts.length === 1 ? parts[0]! : parts.join(nonce);
  }
  headers.ETag = etag;
  headers['X-Cache'] = cacheStatus;
  headers.Age = Math.max(0, Math.floor((Date.now() - entry.storedAt) / 1000));
  if (entry.status === 200 && etagMatches(req.headers['if-none-match'], etag)) {
    for (const [name, parts] of entry.headers) if (parts.length > 1) delete headers[name];
    res.writeHead(304, headers);
    res.end();
    return;
  }
  let chunks: Buffer[];
  if (encoding === 'br') chunks = [entry.br!];
  else if (encoding === 'gzip' && entry.holes.length === 0) chunks = [entry.gzip!];
  else if (encoding === 'gzip') chunks = gzipSplice(entry, values);
  else chunks = identity(entry, values);
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
  const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  headers['Content-Length'] = length;
  res.writeHead(entry.status, headers);
  res.end(req.method === 'HEAD' ? undefined : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, length));
}

function identity(entry: CachedEntry, values: HoleValues): Buffer[] {
  const out: Buffer[] = [];
  entry.segments.forEach((segment, index) => {
    out.push(segment);
    const hole = entry.holes[index];
    if (hole) out.push(Buffer.from(values[hole]));
  });
  return out;
}

/**
 * A gzip member made of the segments' precompressed blocks with the holes between them as
 * stored blocks: valid deflate (each block stands alone after a sync flush), with the CRC of the
 * whole body computed per answer. Costs a copy and a CRC, no compression.
 */
function gzipSplice(entry: CachedEntry, values: HoleValues): Buffer[] {
  const out: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  entry.segments.forEach((segment, index) => {
    crc = crc32(segment, crc);
    size += segment.length;
    out.push(entry.deflated[index]!);
    const hole = entry.holes[index];
    if (hole) {
      const value = Buffer.from(values[hole]);
      if (value.length > 0) {
        crc = crc32(value, crc);
        size += value.length;
        out.push(...storedBlocks(value));
      }
    }
  });
  out.push(DEFLATE_END);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  out.push(trailer);
  return out;
}

/** The header list of an answer to store: hop-by-hop and per-answer headers left out, the nonce cut out. */
export function storedHeaders(res: ServerResponse, nonce: string | undefined, extra: Record<string, string>): Array<[string, string[]]> {
  const skip = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'etag', 'x-request-id', 'set-cookie', 'age', 'x-cache']);
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
