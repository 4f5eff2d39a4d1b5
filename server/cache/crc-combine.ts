import { crc32 } from 'node:zlib';

/**
 * CRC-32 of a body whose fixed parts are known in advance and whose holes change per answer,
 * without reading the fixed parts again: the CRC of A then B is M(|B|)·crc(A) xor crc(B), where
 * M(n) is a 32 x 32 bit matrix (GF(2)) that depends only on B's length (zlib's crc32_combine).
 * Each fixed part keeps its CRC and its matrix (33 numbers); an answer then costs 32 steps per
 * part plus the CRC of its hole values, instead of a pass over the whole page.
 */

/** One matrix (32 columns) times a 32-bit vector. */
function times(matrix: Uint32Array, at: number, vector: number): number {
  let sum = 0;
  for (let i = 0; vector !== 0; i++, vector >>>= 1) if (vector & 1) sum ^= matrix[at + i]!;
  return sum >>> 0;
}

function square(matrix: Uint32Array): Uint32Array<ArrayBuffer> {
  const out = new Uint32Array(32);
  for (let i = 0; i < 32; i++) out[i] = times(matrix, 0, matrix[i]!);
  return out;
}

/** The matrix that moves a CRC past `bytes` zero bytes. */
export function zerosOperator(bytes: number): Uint32Array<ArrayBuffer> {
  // One zero bit: the reflected CRC-32 polynomial, then shifts.
  let op = new Uint32Array(32);
  op[0] = 0xedb88320;
  for (let i = 1; i < 32; i++) op[i] = 1 << (i - 1);
  op = square(square(square(op))); // one zero byte
  let result = new Uint32Array(32);
  for (let i = 0; i < 32; i++) result[i] = (1 << i) >>> 0;
  for (let n = bytes; n > 0; n >>>= 1) {
    if (n & 1) {
      const next = new Uint32Array(32);
      for (let i = 0; i < 32; i++) next[i] = times(op, 0, result[i]!);
      result = next;
    }
    op = square(op);
  }
  return result;
}

/** Per fixed part: [crc, 32 matrix columns], one after another. */
export function crcParts(parts: Buffer[]): Uint32Array {
  const out = new Uint32Array(parts.length * 33);
  parts.forEach((part, index) => {
    out[index * 33] = crc32(part);
    out.set(zerosOperator(part.length), index * 33 + 1);
  });
  return out;
}

/** The running CRC `crc` followed by fixed part `index` of `parts` (from crcParts). */
export function crcWithPart(crc: number, parts: Uint32Array, index: number): number {
  const at = index * 33;
  return (times(parts, at + 1, crc) ^ parts[at]!) >>> 0;
}
