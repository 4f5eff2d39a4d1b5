import { sql } from 'kysely';
import type { Db } from '../../db';
import type { User } from './table';

/**
 * A joined user's display name in SQL, the twin of displayName (users/display-name.ts): 'First
 * Last', else the username; null when no user is joined.
 */
export function displayNameSql(alias: string) {
  return sql<
    string | null
  >`coalesce(nullif(trim(concat(${sql.ref(`${alias}.first_name`)}, ' ', ${sql.ref(`${alias}.last_name`)})), ''), ${sql.ref(`${alias}.username`)})`;
}

export function findUserByUsername(db: Db, username: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

export function insertUser(
  db: Db,
  user: {
    username: string;
    email: string;
    password_hash: string;
    is_superuser: boolean;
    first_name?: string;
    last_name?: string;
  },
): Promise<User> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export function findUserById(db: Db, id: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function recordLogin(db: Db, id: number): Promise<void> {
  await db.updateTable('users').set({ last_login: new Date() }).where('id', '=', id).execute();
}
