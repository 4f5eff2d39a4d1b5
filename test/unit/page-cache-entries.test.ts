import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, gunzipSync } from 'node:zlib';
import { expect } from 'chai';
import { buildEntry, type CachedEntry } from '../../server/cache/cache-entry';
import { crcParts } from '../../server/cache/crc-combine';
import { bodyCrc } from '../../server/cache/gzip-member';
import { PageCache } from '../../server/cache/page-cache';
import { sendEntry, SLICED_BODY_BYTES } from '../../server/cache/serve-hit';

const NONCE = 'AAAAAAAAAAAAAAAAAAAAAA==';
const page = (title: string, filler = 'x'.repeat(2000)) =>
  Buffer.from(
    `<!doctype html><html lang="en"><head><script nonce="${NONCE}">1</script></head><body>` +
      `<button class="location-picker__trigger" aria-expanded="false"><span class="location-picker__text">Find a location</span></button>` +
      `<h1>${title}</h1><p>${filler}</p><script type="application/json" id="page-data" nonce="${NONCE}">{"preferredLocation":null}</script></body></html>`,
  );
const headers: Array<[string, string[]]> = [
  ['content-type', ['text/html; charset=utf-8']],
  ['content-security-policy', [`script-src 'self' 'nonce-${NONCE}'`.split(NONCE)[0]!, "'"]],
  ['vary', ['Accept-Encoding']],
];

function entryOf(key: string, body: Buffer, options: { tables?: string[]; short?: boolean } = {}): CachedEntry {
  return buildEntry({
    key,
    status: 200,
    headers,
    body,
    nonce: NONCE,
    picker: true,
    tables: new Set(options.tables ?? ['pages']),
    ttlMs: 60_000,
    short: options.short ?? false,
    now: Date.now(),
  });
}

type Sent = { status: number; headers: Record<string, string>; body: Buffer };
function send(entry: CachedEntry, requestHeaders: Record<string, string>, fills = {}): Sent {
  const sent: Sent = { status: 0, headers: {}, body: Buffer.alloc(0) };
  const res = {
    writeHead(status: number, flat: string[]) {
      sent.status = status;
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
    { method: 'GET', headers: requestHeaders } as unknown as IncomingMessage,
    res as unknown as ServerResponse,
    entry,
    fills,
    'HIT',
  );
  return sent;
}

const nonceOf = (sent: Sent) => /nonce="([^"]+)"/.exec(sent.body.toString())?.[1];

describe('page cache entries', () => {
  it('combines the CRC of fixed parts and hole values exactly as zlib computes it over the whole', () => {
    const parts = [Buffer.from('first part '), Buffer.alloc(0), Buffer.from('x'.repeat(70_000)), Buffer.from(' end')];
    const values = ['NONCE', '', 'a longer hole value'];
    const whole = Buffer.concat([
      parts[0]!,
      Buffer.from(values[0]!),
      parts[1]!,
      Buffer.from(values[1]!),
      parts[2]!,
      Buffer.from(values[2]!),
      parts[3]!,
    ]);
    expect(bodyCrc(crcParts(parts), values)).to.equal(crc32(whole));
    expect(bodyCrc(crcParts(parts), ['other', '', ''])).not.to.equal(crc32(whole));
  });

  it('sends a fresh nonce in body and CSP per answer, identical bytes otherwise, in identity and spliced gzip', () => {
    const body = page('Home');
    const entry = entryOf('h|/', body);
    const a = send(entry, {});
    const b = send(entry, {});
    const gz = send(entry, { 'accept-encoding': 'gzip, deflate, br' });
    expect(gz.headers['content-encoding']).to.equal('gzip');
    const unzipped = gunzipSync(gz.body); // throws on a wrong CRC or size
    for (const sent of [a, b]) {
      expect(sent.headers['content-length']).to.equal(String(sent.body.length));
      expect(sent.headers['content-security-policy']).to.equal(`script-src 'self' 'nonce-${nonceOf(sent)}'`);
      expect(sent.body.toString().replaceAll(nonceOf(sent)!, NONCE)).to.equal(body.toString());
    }
    expect(nonceOf(a)).not.to.equal(nonceOf(b));
    expect(nonceOf(a)).not.to.equal(NONCE);
    expect(unzipped.toString().replaceAll(nonceOf({ ...gz, body: unzipped })!, NONCE)).to.equal(body.toString());
    expect(gz.headers.etag).to.equal(`${entry.etag.slice(0, -1)}-gz"`);
  });

  it('sends a large page uncompressed as slices around a fresh nonce, byte for byte over a real socket', async () => {
    const body = page('Gallery', 'y'.repeat(SLICED_BODY_BYTES * 3));
    const entry = entryOf('h|/gallery/', body);
    const server = http.createServer((req, res) => sendEntry(req, res, entry, {}, 'HIT'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answers = await Promise.all(
        [0, 1].map(() =>
          fetch(`http://127.0.0.1:${port}/gallery/`, { headers: { 'Accept-Encoding': 'identity' } }).then(
            async (res) => ({ headers: res.headers, text: await res.text() }),
          ),
        ),
      );
      const nonces = answers.map((answer) => /nonce="([^"]+)"/.exec(answer.text)![1]!);
      for (const [index, answer] of answers.entries()) {
        expect(answer.headers.get('content-length')).to.equal(String(body.length));
        expect(answer.headers.get('content-security-policy')).to.equal(`script-src 'self' 'nonce-${nonces[index]}'`);
        expect(answer.text.split(nonces[index]!).length - 1, 'every nonce of the page is the fresh one').to.equal(2);
        expect(answer.text.replaceAll(nonces[index]!, NONCE)).to.equal(body.toString());
      }
      expect(nonces[0]).not.to.equal(nonces[1]);
      expect(nonces[0]).not.to.equal(NONCE);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("fills a visitor's own picker values into identity and gzip answers", () => {
    const entry = entryOf('h|/', page('Home'));
    const fills = { pickerText: 'Harbor &amp; Main', pickerAttr: ' data-rlid="7"', pickerJson: '{"id":7}' };
    const plain = send(entry, {}, fills);
    const gz = send(entry, { 'accept-encoding': 'gzip' }, fills);
    for (const text of [plain.body.toString(), gunzipSync(gz.body).toString()]) {
      expect(text).to.include('<span class="location-picker__text">Harbor &amp; Main</span>');
      expect(text).to.include('aria-expanded="false" data-rlid="7"');
      expect(text).to.include('"preferredLocation":{"id":7}');
    }
    expect(plain.headers.etag).not.to.equal(entry.etag);
  });

  it('answers 304 without the nonce-bearing CSP when If-None-Match matches', () => {
    const entry = entryOf('h|/', page('Home'));
    const sent = send(entry, { 'if-none-match': entry.etag });
    expect(sent.status).to.equal(304);
    expect(sent.headers).not.to.have.property('content-security-policy');
    expect(sent.body.length).to.equal(0);
  });

  it('releases evicted and invalidated entries from every index it keeps', () => {
    const sample = entryOf('h|/0', page('0'));
    // Room for about ten pages: 200 pages through it evict 190.
    const cache = new PageCache({ maxBytes: Math.floor(sample.bytes * 10 * 1.12) });
    for (let i = 0; i < 200; i++) {
      const tables = i % 2 === 0 ? ['pages', `snippet_${i}`] : ['pages', 'locations'];
      cache.set(entryOf(`h|/${i}`, page(String(i)), { tables, short: i % 10 === 0 }));
    }
    const live = cache.census();
    expect(live.main + live.shortLived).to.equal(cache.size);
    expect(cache.size).to.be.within(5, 12);
    expect(live.strayTableKeys, 'dependency records of evicted entries').to.equal(0);
    // Each live entry is in exactly two table sets; a table no live entry uses is gone.
    expect(live.tableKeys).to.equal(2 * cache.size);
    expect(live.tables).to.be.at.most(2 + cache.size);
    expect(cache.bytes).to.be.at.most(cache.maxBytes);

    cache.invalidate(new Set(['locations']));
    const after = cache.census();
    expect(after.strayTableKeys).to.equal(0);
    expect(after.tableKeys).to.equal(2 * cache.size);
    cache.invalidate(new Set(['pages']));
    expect(cache.census()).to.deep.equal({ main: 0, shortLived: 0, tables: 0, tableKeys: 0, strayTableKeys: 0 });
    expect(cache.bytes).to.equal(0);
  });

  it('keeps a recently read entry when a newer one needs room', () => {
    const sample = entryOf('h|/a', page('a'));
    // The main part holds seven such pages (a tenth of the bound is kept for 404s and redirects).
    const cache = new PageCache({ maxBytes: Math.floor(sample.bytes * 8.5) });
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f', 'g'])
      expect(cache.set(entryOf(`h|/${name}`, page(name)))).to.equal(true);
    expect(cache.get('h|/a')).to.not.equal(undefined);
    cache.set(entryOf('h|/h', page('h')));
    expect(cache.get('h|/a'), 'read before the newer entry came').to.not.equal(undefined);
    expect(cache.get('h|/b'), 'the oldest not read again').to.equal(undefined);
    expect(cache.size).to.equal(7);
  });
});
