import type { User } from '../users/table';

/** What req.user holds once passport has read the session: the account without its hash. */
export type SessionUser = Omit<User, 'password_hash'>;

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends SessionUser {}
  }
}

export function toSessionUser(user: User): SessionUser {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { password_hash, ...rest } = user;
  return rest;
}
