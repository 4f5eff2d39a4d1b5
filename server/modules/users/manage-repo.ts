import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db';
import type { User, UserTable } from './table';

export type UserListing = Pick<
  User,
  'id' | 'username' | 'email' | 'first_name' | 'last_name' | 'is_superuser' | 'is_active' | 'last_login'
> & {
  group_names: string[];
};

/** Users for the back-office list, with the names of their groups, ordered by username. */
export function listUsers(db: Db, window: { limit: number; offset: number; search?: string }): Promise<UserListing[]> {
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
    ])
    .$if(Boolean(window.search), (qb) => qb.where((eb) => searchCondition(eb, window.search!)))
    .orderBy('u.username')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export function countUsers(db: Db, search?: string): Promise<number> {
  return db
    .selectFrom('users as u')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .$if(Boolean(search), (qb) => qb.where((eb) => searchCondition(eb, search!)))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

function searchCondition(eb: ExpressionBuilder<{ u: UserTable }, 'u'>, search: string) {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return eb.or([
    eb('u.username', 'ilike', pattern),
    eb('u.email', 'ilike', pattern),
    eb('u.first_name', 'ilike', pattern),
    eb('u.last_name', 'ilike', pattern),
  ]);
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
    >
  >,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}
