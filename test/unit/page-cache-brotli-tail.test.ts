import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect } from 'chai';
import { brotliAfterFirstHit } from '../../server/cache/brotli-after-first-hit';
import { buildBrotliTail, MAX_TAIL_BYTES, tailStart } from '../../server/cache/brotli-tail';
import { buildEntry, withBrotliTail, type BrotliTail, type CachedEntry } from '../../server/cache/cache-entry';
import { PageCache } from '../../server/cache/page-cache';
import { sendEntry } from '../../server/cache/serve-hit';

const NONCE = 'AAAAAAAAAAAAAAAAAAAAAA==';
// Varied text (not one repeated character) so the compressed part is realistic in size.
const filler = Array.from(
  { length: 400 },
  (_, i) => `<p>Block ${i}: fresh catch number ${(i * 7919) % 1000}.</p>`,
).join('');
/** A page laid out as views/Document.tsx writes it: the picker in the header, page data, then the one nonce last. */
const page = (nonceInHead = false) =>
  Buffer.from(
    `<!doctype html><html lang="en"><head>${nonceInHead ? `<script nonce="${NONCE}">1</script>` : ''}</head><body>` +
      `<button class="location-picker__trigger" aria-expanded="false"><span class="location-picker__text">Find a location</span></button>` +
      `${filler}<script type="application/json" id="page-data">{"preferredLocation":null}</script>` +
      `<div id="csp-nonce" hidden="" nonce="${NONCE}"></div><script type="module" src="/static/assets/hydrate-X.js" async=""></script></body></html>`,
  );
const headers: Array<[string, string[]]> = [
  ['content-type', ['text/html; charset=utf-8']],
  ['content-security-policy', [`script-src 'self' 'nonce-${NONCE}'`.split(NONCE)[0]!, "'"]],
  ['vary', ['Accept-Encoding']],
];
const entryOf = (body: Buffer) =>
  buildEntry({
    key: 'h|/',
    status: 200,
    headers,
    body,
    nonce: NONCE,
    picker: true,
    tables: new Set(['pages']),
    ttlMs: 60_000,
    short: false,
    now: Date.now(),
  });
const tailOf = (entry: CachedEntry) =>
  new Promise<BrotliTail | null>((resolve) => buildBrotliTail(entry.body, entry.nonceAt, resolve));

type Sent = { headers: Record<string, string>; body: Buffer };
function send(entry: CachedEntry, acceptEncoding: string, fills = {}): Sent {
  const sent: Sent = { headers: {}, body: Buffer.alloc(0) };
  const res = {
    writeHead(_status: number, flat: string[]) {
      for (let i = 0; i < flat.length; i += 2) sent.headers[flat[i]!.toLowerCase()] = flat[i + 1]!;
    },
    // A large uncompressed body comes as slices (write, write, end): what reaches the socket.
    write(part: Buffer) {
      sent.body = Buffer.concat([sent.body, part]);
    },
    end(body?: Buffer) {
      if (body) sent.body = Buffer.concat([sent.body, body]);
    },
  };
  sendEntry(
    { method: 'GET', headers: { 'accept-encoding': acceptEncoding } } as unknown as IncomingMessage,
    res as unknown as ServerResponse,
    entry,
    fills,
    'HIT',
  );
  return sent;
}
const cspNonce = (sent: Sent) => /'nonce-([^']+)'/.exec(sent.headers['content-security-policy']!)![1]!;

describe('page cache: brotli for pages whose nonce is at the end', () => {
  it('qualifies a body only when its first nonce is within the last few KB', () => {
    const last = entryOf(page());
    expect(tailStart(last.body, last.nonceAt)).to.be.above(last.body.length - MAX_TAIL_BYTES);
    const head = entryOf(page(true));
    expect(tailStart(head.body, head.nonceAt)).to.equal(-1);
    expect(tailStart(last.body, [])).to.equal(-1);
  });

  it('answers anonymous visitors with a brotli stream holding a fresh nonce that matches the CSP', async () => {
    const body = page();
    const plain = entryOf(body);
    expect(send(plain, 'gzip, br').headers['content-encoding']).to.equal('gzip'); // until the brotli answer is made
    const tail = await tailOf(plain);
    expect(tail).to.not.equal(null);
    const entry = withBrotliTail(plain, tail!);
    const a = send(entry, 'gzip, deflate, br');
    const b = send(entry, 'br');
    for (const sent of [a, b]) {
      expect(sent.headers['content-encoding']).to.equal('br');
      expect(sent.headers.etag).to.equal(`${entry.etag.slice(0, -1)}-br"`);
      expect(sent.headers['content-length']).to.equal(String(sent.body.length));
      const text = brotliDecompressSync(sent.body).toString();
      expect(text).to.include(`nonce="${cspNonce(sent)}"`);
      expect(text.replace(cspNonce(sent), NONCE)).to.equal(body.toString());
    }
    expect(cspNonce(a)).not.to.equal(cspNonce(b));
    // Compressed once up to the nonce: much smaller than the spliced gzip (parts deflated alone).
    expect(a.body.length).to.be.below(send(entry, 'gzip').body.length);
  });

  it('answers a visitor with their own picker values in gzip, not the anonymous brotli bytes', async () => {
    const entry = withBrotliTail(entryOf(page()), (await tailOf(entryOf(page())))!);
    const sent = send(entry, 'gzip, br', {
      pickerText: 'Harbor &amp; Main',
      pickerAttr: ' data-rlid="7"',
      pickerJson: '{"id":7}',
    });
    expect(sent.headers['content-encoding']).to.equal('gzip');
    expect(gunzipSync(sent.body).toString()).to.include('Harbor &amp; Main');
  });

  it('gives no brotli tail to a body with a nonce near its start', async () => {
    const entry = entryOf(page(true));
    expect(await tailOf(entry)).to.equal(null);
  });

  it('puts the entry with its brotli answer in place only while the original is still stored, counting its bytes', async () => {
    const cache = new PageCache({ maxBytes: 64 * 1024 * 1024 });
    const first = entryOf(page());
    cache.set(first);
    const before = cache.bytes;
    const tail = (await tailOf(first))!;
    expect(cache.replace(first, withBrotliTail(first, tail))).to.equal(true);
    expect(cache.bytes).to.equal(before + tail.bytes.length);
    expect(cache.get('h|/')!.brTail).to.equal(tail);

    const second = entryOf(page());
    cache.set(second);
    cache.invalidate(['pages']);
    expect(cache.replace(second, withBrotliTail(second, tail))).to.equal(false);
    expect(cache.get('h|/')).to.equal(undefined);
    expect(cache.bytes).to.equal(0);
  });

  it('makes the brotli answer after the first hit, once, in place of the stored entry', async () => {
    const cache = new PageCache({ maxBytes: 64 * 1024 * 1024 });
    const entry = entryOf(page());
    cache.set(entry);
    brotliAfterFirstHit(cache, entry);
    brotliAfterFirstHit(cache, entry); // a second hit before it is ready starts nothing more
    for (let tries = 0; !cache.get('h|/')!.brTail && tries < 100; tries++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const upgraded = cache.get('h|/')!;
    expect(upgraded).to.not.equal(entry);
    expect(upgraded.brTail).to.not.equal(undefined);
    expect(send(upgraded, 'br').headers['content-encoding']).to.equal('br');
    brotliAfterFirstHit(cache, upgraded);
    expect(cache.get('h|/')).to.equal(upgraded);
  });
});
