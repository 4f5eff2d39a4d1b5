import type { Db } from '../../db';
import { hashPassword } from './passwords';
import * as repo from './repo';
import type { User } from './table';

/** Creates the first staff superuser unless an account with that username exists. */
export async function ensureSuperuser(
  db: Db,
  username: string,
  password: string,
): Promise<{ user: User; created: boolean }> {
  const existing = await repo.findUserByUsername(db, username);
  if (existing) return { user: existing, created: false };
  const user = await repo.insertUser(db, {
    username,
    email: `${username}@harborline.example`,
    password_hash: await hashPassword(password),
    is_superuser: true,
    first_name: 'Site',
    last_name: 'Administrator',
  });
  return { user, created: true };
}
