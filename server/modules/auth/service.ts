import type { Db } from '../../db';
import { LIMITS, release, reserve, reset, forgetIdleCounters } from '../rate-limits/service';
import { hashPassword, verifyPassword } from '../users/passwords';
import * as usersRepo from '../users/repo';
import type { User } from '../users/table';

export type LoginResult =
  | { ok: true; user: User }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'rate_limited'; retryAfterSeconds: number };

// Verifying against a real hash when the user does not exist keeps the timing the same, so the
// response time does not tell which of user or password was wrong.
let dummyHash: Promise<string> | undefined;
const DUMMY_HASH_SOURCE = 'no-such-user-placeholder-password';

/**
 * Checks a username and password. The attempt is counted before the password is checked, for
 * the client address and for the account (whether or not it exists, so the answer never tells),
 * in one statement each: parallel attempts cannot slip past the limits. A success gives the
 * address its attempt back and clears the account's count. The result never says which of user
 * or password was wrong.
 */
export async function authenticate(
  db: Db,
  input: { username: string; password: string; ip: string },
): Promise<LoginResult> {
  const username = input.username.trim();
  const account = username.toLowerCase();
  const byAddress = await reserve(db, LIMITS.loginAddress, input.ip);
  if (!byAddress.counted) return { ok: false, reason: 'rate_limited', retryAfterSeconds: byAddress.retryAfterSeconds };
  const byAccount = await reserve(db, LIMITS.loginAccount, account);
  if (!byAccount.counted) return { ok: false, reason: 'rate_limited', retryAfterSeconds: byAccount.retryAfterSeconds };
  const user = await usersRepo.findUserByUsername(db, username);
  const valid = user ? await verifyPassword(user.password_hash, input.password) : await verifyDummy(input.password);
  if (!user || !valid || !user.is_active) {
    await forgetIdleCounters(db);
    return { ok: false, reason: 'invalid' };
  }
  await reset(db, LIMITS.loginAccount, account);
  await release(db, LIMITS.loginAddress, input.ip);
  await usersRepo.recordLogin(db, user.id);
  return { ok: true, user };
}

async function verifyDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(DUMMY_HASH_SOURCE);
  await verifyPassword(await dummyHash, password);
  return false;
}

/** The signed-in user as the session knows it: active staff only. */
export async function userForSession(db: Db, id: number): Promise<User | undefined> {
  const user = await usersRepo.findUserById(db, id);
  return user?.is_active ? user : undefined;
}
