import type { Db } from '../../db';

/** A page's comments with their author's and resolver's names, oldest first. */
export function selectComments(db: Db, pageId: number) {
  return db
    .selectFrom('page_comments as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('users as r', 'r.id', 'c.resolved_by_id')
    .select([
      'c.id',
      'c.content_path',
      'c.text',
      'c.created_at',
      'c.resolved_at',
      'u.username',
      'u.first_name',
      'u.last_name',
      'r.username as r_username',
      'r.first_name as r_first_name',
      'r.last_name as r_last_name',
    ])
    .where('c.page_id', '=', pageId)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
}

/** The replies to these comments with their author's names, oldest first. */
export async function selectReplies(db: Db, commentIds: number[]) {
  if (commentIds.length === 0) return [];
  return db
    .selectFrom('page_comment_replies as p')
    .leftJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'p.comment_id', 'p.text', 'p.created_at', 'u.username', 'u.first_name', 'u.last_name'])
    .where('p.comment_id', 'in', commentIds)
    .orderBy('p.created_at')
    .orderBy('p.id')
    .execute();
}

export async function insertComment(
  db: Db,
  row: { pageId: number; contentPath: string; text: string; userId: number },
): Promise<number> {
  const { id } = await db
    .insertInto('page_comments')
    .values({ page_id: row.pageId, content_path: row.contentPath, text: row.text, user_id: row.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A comment of this page (another page's comment is not found through it). */
export function findComment(db: Db, pageId: number, commentId: number) {
  return db
    .selectFrom('page_comments')
    .selectAll()
    .where('id', '=', commentId)
    .where('page_id', '=', pageId)
    .executeTakeFirst();
}

export async function insertReply(db: Db, row: { commentId: number; text: string; userId: number }): Promise<void> {
  await db
    .insertInto('page_comment_replies')
    .values({ comment_id: row.commentId, text: row.text, user_id: row.userId })
    .execute();
}

/** Marks an open comment resolved; false when it already was. */
export async function markResolved(db: Db, commentId: number, userId: number): Promise<boolean> {
  const result = await db
    .updateTable('page_comments')
    .set({ resolved_at: new Date(), resolved_by_id: userId })
    .where('id', '=', commentId)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function findUser(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['username', 'first_name', 'last_name', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The page's participants' addresses: authors of its revisions, its commenters and repliers; active, with an address. */
export async function participantEmails(db: Db, pageId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .distinct()
    .where('is_active', '=', true)
    .where('email', '!=', '')
    .where((eb) =>
      eb.or([
        eb(
          'id',
          'in',
          eb
            .selectFrom('page_revisions')
            .select('user_id')
            .where('page_id', '=', pageId)
            .where('user_id', 'is not', null)
            .$narrowType<{ user_id: number }>(),
        ),
        eb(
          'id',
          'in',
          eb
            .selectFrom('page_comments')
            .select('user_id')
            .where('page_id', '=', pageId)
            .where('user_id', 'is not', null)
            .$narrowType<{ user_id: number }>(),
        ),
        eb(
          'id',
          'in',
          eb
            .selectFrom('page_comment_replies as p')
            .innerJoin('page_comments as c', 'c.id', 'p.comment_id')
            .select('p.user_id')
            .where('c.page_id', '=', pageId)
            .where('p.user_id', 'is not', null)
            .$narrowType<{ user_id: number }>(),
        ),
      ]),
    )
    .orderBy('email')
    .execute();
  return rows.map((r) => r.email);
}
