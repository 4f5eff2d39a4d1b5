import { createHmac, randomUUID } from 'node:crypto';
import { createChallenge, randomInt, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { verify } from 'altcha-lib/frameworks/shared';
import type { Db } from '../../db';
import { deleteOldCaptchaSolutions, spendCaptchaSolution } from './repo';

/**
 * The self-hosted proof-of-work captcha (ALTCHA). The server signs each challenge (HMAC, from the
 * session secret) with an id and an expiry; a solution is accepted once: its challenge id is
 * recorded in the database, so a replay is refused on every dyno. No image puzzle, no third party.
 */
export const CAPTCHA_FIELD = 'captcha';
const EXPIRES_SECONDS = 20 * 60;
/** A posted payload is base64 of a small JSON object; anything longer is not one. */
const MAX_PAYLOAD_LENGTH = 4000;

/**
 * `cost` is the work of one key derivation; the solver tries counters from 0 until it meets the
 * challenge's, drawn from `counter` (lowest and highest): the two together set the work.
 */
export type CaptchaOptions = { secret: string; cost: number; counter: readonly [number, number] };

export type CaptchaResult = { ok: true } | { ok: false; reason: 'missing' | 'invalid' | 'replayed' };

function secrets(secret: string) {
  const derive = (label: string) => createHmac('sha256', secret).update(`altcha:${label}`).digest('hex');
  return { signature: derive('signature'), keySignature: derive('key-signature') };
}

/** A new challenge for the widget (GET, never cached). */
export async function newChallenge(options: CaptchaOptions): Promise<Challenge> {
  const { signature, keySignature } = secrets(options.secret);
  return createChallenge({
    algorithm: 'SHA-256',
    cost: options.cost,
    // altcha-lib's randomInt takes the highest first.
    counter: randomInt(options.counter[1], options.counter[0]),
    deriveKey,
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: keySignature,
    expiresAt: new Date(Date.now() + EXPIRES_SECONDS * 1000),
    data: { challengeId: randomUUID() },
  });
}

/** Checks the signature, the expiry and the work, then spends the solution (single use). */
export async function verifyCaptcha(db: Db, options: CaptchaOptions, payload: unknown): Promise<CaptchaResult> {
  if (typeof payload !== 'string' || payload === '') return { ok: false, reason: 'missing' };
  if (payload.length > MAX_PAYLOAD_LENGTH) return { ok: false, reason: 'invalid' };
  const { signature, keySignature } = secrets(options.secret);
  let replayed = false;
  const store = {
    get: () => Promise.resolve(undefined),
    set: () => Promise.resolve(),
    setIfAbsent: async (id: unknown) => {
      const fresh = await spendCaptchaSolution(db, String(id).slice(0, 200));
      replayed = !fresh;
      return fresh;
    },
  };
  const result = await verify(payload, deriveKey, signature, keySignature, store as never);
  if (result.error === null) return { ok: true };
  return { ok: false, reason: replayed ? 'replayed' : 'invalid' };
}

/** Housekeeping: used solutions older than any challenge's lifetime. */
export function forgetOldSolutions(db: Db): Promise<void> {
  return deleteOldCaptchaSolutions(db, EXPIRES_SECONDS * 2);
}

export const CAPTCHA_MESSAGES = {
  missing: 'Please confirm you are not a robot. The check runs in your browser and needs JavaScript.',
  invalid: 'The check that you are not a robot failed or expired. Please try again.',
  replayed: 'This form was already sent. Please check again that you are not a robot and resend it.',
} as const;
