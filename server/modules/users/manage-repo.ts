import { sql } from 'kysely';
import type { Db } from '../../db';
import type { ListQuery } from '../../listing/list-query';
import { pageOfRows } from '../../listing/rows-repo';
import type { User } from './table';

export type UserListing = Pick<
  User,
  'id' | 'username' | 'email' | 'first_name' | 'last_name' | 'is_superuser' | 'is_active' | 'last_login'
> & {
  group_names: string[];
};

/** The users list's columns: the account, and the names of its groups. */
function userListing(db: Db) {
  return db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.username',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.is_superuser',
      'u.is_active',
      'u.last_login',
      sql<
        string[]
      >`coalesce((select array_agg(g.name order by g.name) from user_groups ug join groups g on g.id = ug.group_id where ug.user_id = u.id), '{}')`.as(
        'group_names',
      ),
    ]);
}

/** One page of the back-office users list, searched by username, e-mail or name (every word must match). */
export function listUsers(db: Db, query: ListQuery): Promise<{ rows: UserListing[]; total: number }> {
  return pageOfRows(userListing(db), query, {
    search: ['u.username', 'u.email', 'u.first_name', 'u.last_name'],
    sort: { name: 'u.first_name', username: 'u.username', last_login: 'u.last_login' },
    id: 'u.id',
  });
}

export function findUserListing(db: Db, id: number): Promise<UserListing | undefined> {
  return userListing(db).where('u.id', '=', id).executeTakeFirst();
}

export async function usernameTaken(db: Db, username: string, exceptId?: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .$if(exceptId !== undefined, (qb) => qb.where('id', '!=', exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}

export function findActiveUsersByEmail(db: Db, email: string): Promise<User[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('is_active', '=', true)
    .execute();
}

export async function updateUser(
  db: Db,
  id: number,
  changes: Partial<
    Pick<
      User,
      | 'username'
      | 'email'
      | 'first_name'
      | 'last_name'
      | 'is_active'
      | 'is_superuser'
      | 'password_hash'
      | 'preferred_language'
      | 'time_zone'
    >
  >,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}
