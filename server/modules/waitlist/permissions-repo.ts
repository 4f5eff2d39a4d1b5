import { sql } from 'kysely';
import type { Db } from '../../db';

/** The host-stand grants of a user's groups (rlid null: every restaurant). */
export function grantsOfUser(db: Db, userId: number): Promise<{ rlid: number | null }[]> {
  return db
    .selectFrom('group_waitlist_permissions as p')
    .innerJoin('user_groups as ug', 'ug.group_id', 'p.group_id')
    .select('p.rlid')
    .where('ug.user_id', '=', userId)
    .execute();
}

/** Restaurants offering the wait list or reservations, optionally among `rlids`, matching `q` (city, address or number). */
export function listRestaurants(db: Db, rlids: number[] | null, q: string) {
  if (rlids && rlids.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('locations')
    .leftJoin('waitlist_settings as s', 's.rlid', 'locations.rlid')
    .select([
      'locations.rlid',
      'city',
      'state',
      'address1',
      'wait_list_ready',
      'is_reservations_enabled',
      sql<boolean | null>`s.paused`.as('paused'),
    ])
    .select((eb) =>
      eb
        .selectFrom('waitlist_entries as e')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('e.rlid', '=', 'locations.rlid')
        .where('e.status', 'in', ['waiting', 'notified'])
        .as('waiting'),
    )
    .where((eb) => eb.or([eb('wait_list_ready', '=', true), eb('is_reservations_enabled', '=', true)]))
    .orderBy('state')
    .orderBy('city')
    .orderBy('locations.rlid')
    .limit(100);
  if (rlids) query = query.where('locations.rlid', 'in', rlids);
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([eb('city', 'ilike', like), eb('address1', 'ilike', like), eb('restaurant_number', 'ilike', like)]),
    );
  }
  return query.execute();
}

export async function grant(db: Db, groupId: number, rlid: number | null): Promise<void> {
  await sql`insert into group_waitlist_permissions (group_id, rlid) values (${groupId}, ${rlid}) on conflict do nothing`.execute(
    db,
  );
}

export async function revoke(db: Db, id: number): Promise<void> {
  await db.deleteFrom('group_waitlist_permissions').where('id', '=', id).execute();
}

export function listGrants(db: Db) {
  return db
    .selectFrom('group_waitlist_permissions as p')
    .innerJoin('groups as g', 'g.id', 'p.group_id')
    .leftJoin('locations as l', 'l.rlid', 'p.rlid')
    .select(['p.id', 'p.rlid', 'g.name as group_name', 'l.city', 'l.state', 'l.address1'])
    .orderBy('g.name')
    .orderBy('p.rlid')
    .execute();
}

export function listGroups(db: Db) {
  return db.selectFrom('groups').select(['id', 'name']).orderBy('name').execute();
}
