import argon2, { type HashOptions } from 'argon2';

/**
 * argon2id with the library's defaults (OWASP-level cost: 64 MiB, 3 passes, 4 lanes), about a
 * quarter of a second of CPU per hash or check. Test processes (NODE_ENV=test, set by `npm test`
 * and refused by nothing in production, which runs with NODE_ENV=production) use the smallest
 * cost argon2 allows instead: the test suite signs in and creates users hundreds of times, and
 * what it checks is which password matches, not how long a guess takes. A hash records its own
 * cost, so `verifyPassword` checks either kind.
 */
export function hashOptions(nodeEnv = process.env.NODE_ENV): HashOptions {
  return nodeEnv === 'test'
    ? { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 }
    : { type: argon2.argon2id };
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, hashOptions());
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
