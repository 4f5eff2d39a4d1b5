import { randomFillSync } from 'node:crypto';

/** A nonce is 16 random bytes in base64: always this many characters, so a cached page keeps its length. */
export const NONCE_LENGTH = 24;

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
