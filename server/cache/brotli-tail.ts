import { brotliCompress, constants as zlibConstants } from 'node:zlib';
import type { BrotliTail } from './cache-entry';

/**
 * brotli answers for cached pages whose only per-answer bytes (the CSP nonce) sit at the end of
 * the body (views/Document.tsx puts the page's one nonce last): the body up to the first nonce
 * is compressed once, flushed so it ends on a byte boundary, and the rest goes in as one
 * uncompressed meta-block (RFC 7932, section 9.2) that the nonce is written into per answer,
 * like the gzip template's stored blocks (gzip-member.ts). brotli has no checksum to redo.
 *
 * Why: a page's HTML is the first request and every other one waits for it. Over a new TCP
 * connection the first round trip carries about 14.6 KB (10 segments); the block gallery's HTML
 * was 17.1 KB as spliced gzip (each part between holes deflated alone) and 12.1 KB as one brotli
 * stream, which saves a round trip (Lighthouse's simulation models exactly this).
 */

/** The uncompressed tail may hold this much: the nonce's element and the closing tags. */
export const MAX_TAIL_BYTES = 4096;
/** brotli 10: 28 ms for the 97 KB block gallery on this machine (11: 80 ms, 5.6 % smaller still). */
const QUALITY = 10;

/** Where the tail starts (the first nonce), or -1 when the body has no nonce or it is not near the end. */
export function tailStart(body: Buffer, nonceAt: number[]): number {
  if (nonceAt.length === 0) return -1;
  const first = Math.min(...nonceAt);
  return body.length - first <= MAX_TAIL_BYTES ? first : -1;
}

/** The header of an uncompressed, not-last meta-block of `length` (1..65536) bytes, padded to a byte. */
function uncompressedMetaBlockHeader(length: number): Buffer {
  // ISLAST 0 (1 bit), MNIBBLES 4 (2 bits: 0), MLEN - 1 (16 bits), ISUNCOMPRESSED 1 (1 bit), 4 bits of padding.
  const bits = ((length - 1) << 3) | (1 << 19);
  return Buffer.from([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff]);
}

/** ISLAST 1, ISLASTEMPTY 1: ends the stream. */
const LAST_EMPTY_META_BLOCK = Buffer.from([0x03]);

/**
 * Builds the brotli answer of `body` (an entry's body: hole defaults in, nonce placeholders at
 * `nonceAt`) on the thread pool, so a miss does not wait for it; `done` gets null when the body
 * does not qualify or compression failed (the entry then keeps answering gzip).
 */
export function buildBrotliTail(body: Buffer, nonceAt: number[], done: (tail: BrotliTail | null) => void): void {
  const start = tailStart(body, nonceAt);
  if (start <= 0) return done(null);
  const prefix = body.subarray(0, start);
  const params = {
    [zlibConstants.BROTLI_PARAM_QUALITY]: QUALITY,
    [zlibConstants.BROTLI_PARAM_SIZE_HINT]: prefix.length,
  };
  brotliCompress(prefix, { params, finishFlush: zlibConstants.BROTLI_OPERATION_FLUSH }, (error, compressed) => {
    if (error) return done(null);
    const tail = body.subarray(start);
    const header = uncompressedMetaBlockHeader(tail.length);
    const bytes = Buffer.concat([compressed, header, tail, LAST_EMPTY_META_BLOCK]);
    const shift = compressed.length + header.length - start;
    done({ bytes, nonceAt: nonceAt.map((at) => at + shift) });
  });
}

/** An anonymous visitor's brotli answer: the stored stream with this answer's nonce written in. */
export function anonymousBrotli(tail: BrotliTail, nonce: string): Buffer {
  const out = Buffer.allocUnsafe(tail.bytes.length);
  out.set(tail.bytes);
  for (const at of tail.nonceAt) out.write(nonce, at, 'latin1');
  return out;
}
