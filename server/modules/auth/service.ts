import type { Db } from '../../db';
import { hashPassword, verifyPassword } from '../users/passwords';
import * as usersRepo from '../users/repo';
import type { User } from '../users/table';
import * as repo from './repo';

/** Failures counted over this window; a blocked account or address waits for old ones to age out. */
export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_USERNAME = 5;
export const MAX_FAILURES_PER_IP = 20;

export type LoginResult = { ok: true; user: User } | { ok: false; reason: 'invalid' | 'rate_limited' };

// Verifying against a real hash when the user does not exist keeps the timing the same, so the
// response time does not tell which of user or password was wrong.
let dummyHash: Promise<string> | undefined;
const DUMMY_HASH_SOURCE = 'no-such-user-placeholder-password';

/**
 * Checks a username and password, refusing while the account or the address has too many recent
 * failures. The result never says which of the two was wrong.
 */
export async function authenticate(db: Db, input: { username: string; password: string; ip: string }): Promise<LoginResult> {
  const username = input.username.trim();
  const keys = { username: username.toLowerCase(), ip: input.ip };
  const failures = await repo.countRecentFailures(db, keys, LOGIN_WINDOW_SECONDS);
  if (failures.username >= MAX_FAILURES_PER_USERNAME || failures.ip >= MAX_FAILURES_PER_IP) {
    return { ok: false, reason: 'rate_limited' };
  }
  const user = await usersRepo.findUserByUsername(db, username);
  const valid = user
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyDummy(input.password);
  if (!user || !valid || !user.is_active) {
    await repo.deleteOldLoginAttempts(db, LOGIN_WINDOW_SECONDS);
    await repo.recordFailedLogin(db, [
      { scope: 'username', key: keys.username },
      { scope: 'ip', key: keys.ip },
    ]);
    return { ok: false, reason: 'invalid' };
  }
  await repo.clearUsernameFailures(db, keys.username);
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
