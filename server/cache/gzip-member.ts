import { constants as zlibConstants, crc32, deflateRawSync } from 'node:zlib';
import { crcWithPart } from './crc-combine';
import type { Hole, HoleValues } from './holes';
import { NONCE_LENGTH } from './nonce';

/**
 * gzip answers for bodies with holes, without compressing per answer: each fixed part of the body
 * is deflated once and sync-flushed (so it stands alone as deflate blocks), and each hole goes in
 * between as a stored (uncompressed) block. The CRC of the whole body is combined per answer from
 * the parts' CRCs (crc-combine.ts); the size is known.
 */

/** The bytes of a gzip member header: deflate, no name, no time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final stored block: ends a deflate stream that sync-flushed blocks built. */
const DEFLATE_END = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const STORED_HEADER_BYTES = 5;

/** Raw deflate stored blocks (not final) holding `data`: how a hole goes into a gzip answer. */
function storedBlocks(data: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let offset = 0; offset < data.length; offset += 0xffff) {
    const part = data.subarray(offset, offset + 0xffff);
    const header = Buffer.from([
      0x00,
      part.length & 0xff,
      part.length >> 8,
      ~part.length & 0xff,
      (~part.length >> 8) & 0xff,
    ]);
    out.push(header, part);
  }
  return out;
}

export type GzipTemplate = {
  /** The whole member for an anonymous visitor: holes hold their defaults, nonces a placeholder, the CRC zero. */
  bytes: Buffer;
  /** Where the nonces go in `bytes`. */
  nonceAt: number[];
  /** Where fixed part i's deflate blocks sit in `bytes`: [start, end] at 2i, 2i + 1. */
  partAt: number[];
  /** The fixed parts' uncompressed size. */
  fixedBytes: number;
};

function trailer(crc: number, size: number): Buffer {
  const out = Buffer.alloc(8);
  out.writeUInt32LE(crc >>> 0, 0);
  out.writeUInt32LE(size >>> 0, 4);
  return out;
}

/** Made once per entry: the fixed parts deflated, the holes' defaults in stored blocks. */
export function gzipTemplate(
  fixed: Buffer[],
  holes: Hole[],
  defaults: Partial<HoleValues>,
  size: number,
): GzipTemplate {
  const chunks: Buffer[] = [GZIP_HEADER];
  const nonceAt: number[] = [];
  const partAt: number[] = [];
  let at = GZIP_HEADER.length;
  fixed.forEach((part, index) => {
    const deflated = deflateRawSync(part, { level: 9, finishFlush: zlibConstants.Z_SYNC_FLUSH });
    chunks.push(deflated);
    partAt.push(at, at + deflated.length);
    at += deflated.length;
    const hole = holes[index];
    if (hole === undefined) return;
    const value = Buffer.from(hole === 'nonce' ? 'N'.repeat(NONCE_LENGTH) : (defaults[hole] ?? ''));
    if (hole === 'nonce') nonceAt.push(at + STORED_HEADER_BYTES);
    for (const block of storedBlocks(value)) {
      chunks.push(block);
      at += block.length;
    }
  });
  chunks.push(DEFLATE_END, trailer(0, size));
  // Concatenated into one exact allocation (zlib's results are views of larger buffers).
  return {
    bytes: Buffer.concat(chunks),
    nonceAt,
    partAt,
    fixedBytes: fixed.reduce((sum, part) => sum + part.length, 0),
  };
}

/** The CRC of a body made of `crcParts`' fixed parts with `values[i]` after part i. */
export function bodyCrc(crcParts: Uint32Array, values: string[]): number {
  let crc = 0;
  const count = crcParts.length / 33;
  for (let index = 0; index < count; index++) {
    crc = crcWithPart(crc, crcParts, index);
    const value = values[index];
    if (value) crc = crc32(value, crc);
  }
  return crc;
}

/** An anonymous visitor's gzip answer: the template with this answer's nonce and CRC. */
export function anonymousGzip(
  template: GzipTemplate,
  crcParts: Uint32Array,
  holes: Hole[],
  defaults: Partial<HoleValues>,
  nonce: string,
): Buffer {
  const out = Buffer.allocUnsafe(template.bytes.length);
  out.set(template.bytes);
  for (const at of template.nonceAt) out.write(nonce, at, 'latin1');
  const values = holes.map((hole) => (hole === 'nonce' ? nonce : (defaults[hole] ?? '')));
  out.writeUInt32LE(bodyCrc(crcParts, values), out.length - 8);
  return out;
}

/** A gzip answer with this visitor's own hole values (their saved location): assembled around them. */
export function personalGzip(template: GzipTemplate, crcParts: Uint32Array, values: string[]): Buffer {
  const chunks: Buffer[] = [GZIP_HEADER];
  let size = template.fixedBytes;
  const parts = template.partAt.length / 2;
  for (let index = 0; index < parts; index++) {
    chunks.push(template.bytes.subarray(template.partAt[2 * index], template.partAt[2 * index + 1]));
    const value = values[index];
    if (value) chunks.push(...storedBlocks(Buffer.from(value)));
  }
  for (const value of values) size += Buffer.byteLength(value);
  chunks.push(DEFLATE_END, trailer(bodyCrc(crcParts, values), size));
  return Buffer.concat(chunks);
}
