import { sql } from 'kysely';
import type { Db } from '../../db';
import { GONE_AFTER_MINUTES, IDLE_AFTER_MINUTES } from '../../../shared/schemas/editing-sessions';

// Times are the database's (now()), so dynos with drifting clocks agree on who is idle or gone.
const goneBefore = sql<Date>`now() - make_interval(mins => ${GONE_AFTER_MINUTES})`;
const idleBefore = sql<Date>`now() - make_interval(mins => ${IDLE_AFTER_MINUTES})`;

export type SessionPing = {
  userId: number;
  pageId: number;
  sessionKey: string;
  isEditing: boolean;
  revisionId: number | null;
  active: boolean;
};

/**
 * Records a ping: creates the session on its first ping, else refreshes it. A key already used
 * by another user or page is not taken over (returns false).
 */
export async function upsertSession(db: Db, ping: SessionPing): Promise<boolean> {
  const row = await db
    .insertInto('editing_sessions')
    .values({
      user_id: ping.userId,
      page_id: ping.pageId,
      session_key: ping.sessionKey,
      is_editing: ping.isEditing,
      revision_id: ping.revisionId,
    })
    .onConflict((oc) =>
      oc
        .column('session_key')
        .doUpdateSet({
          last_seen_at: sql`now()`,
          last_active_at: ping.active ? sql`now()` : sql`editing_sessions.last_active_at`,
          is_editing: ping.isEditing,
          revision_id: ping.revisionId,
        })
        .where('editing_sessions.user_id', '=', ping.userId)
        .where('editing_sessions.page_id', '=', ping.pageId),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The page's other live sessions (seen in the last 25 minutes), with their user's name and idleness. */
export function otherSessions(db: Db, pageId: number, exceptKey: string) {
  return db
    .selectFrom('editing_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.session_key',
      's.user_id',
      's.is_editing',
      's.revision_id',
      's.last_seen_at',
      'u.username',
      'u.first_name',
      'u.last_name',
    ])
    .select(sql<boolean>`s.last_active_at < ${idleBefore}`.as('idle'))
    .where('s.page_id', '=', pageId)
    .where('s.session_key', '<>', exceptKey)
    .where('s.last_seen_at', '>=', goneBefore)
    .orderBy('s.last_seen_at', 'desc')
    .execute();
}

/** Forgets sessions nobody has pinged for 25 minutes (run now and then by pings; harmless to repeat). */
export async function deleteGoneSessions(db: Db): Promise<number> {
  const result = await db.deleteFrom('editing_sessions').where('last_seen_at', '<', goneBefore).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The editor was closed: only its own user may end a session. */
export async function deleteSession(db: Db, sessionKey: string, userId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('editing_sessions')
    .where('session_key', '=', sessionKey)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether a revision belongs to the page (a ping may only point at the page's own revisions). */
export async function revisionBelongsToPage(db: Db, revisionId: number, pageId: number): Promise<boolean> {
  const row = await db
    .selectFrom('page_revisions')
    .select('id')
    .where('id', '=', revisionId)
    .where('page_id', '=', pageId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The latest revision's author, for "X saved a newer version". */
export function latestRevisionAuthor(db: Db, revisionId: number) {
  return db
    .selectFrom('page_revisions as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .select(['u.username', 'u.first_name', 'u.last_name'])
    .where('r.id', '=', revisionId)
    .executeTakeFirst();
}
