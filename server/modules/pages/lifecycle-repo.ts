import { sql } from 'kysely';
import type { Db } from '../../db';
import { displayName } from '../users/display-name';
import { displayNameSql } from '../users/repo';
import type { Page, PageRevision } from './table';

/** Every page of a subtree (the page included), in tree order. */
export function listSubtree(db: Db, page: Pick<Page, 'path'>): Promise<Page[]> {
  return db.selectFrom('pages').selectAll().where('path', 'like', `${page.path}%`).orderBy('path').execute();
}

export function countDescendants(db: Db, page: Pick<Page, 'path' | 'id'>): Promise<number> {
  return db
    .selectFrom('pages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('path', 'like', `${page.path}%`)
    .where('id', '!=', page.id)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

/** The live pages below a page (the unpublish screen offers to take them off the site too). */
export function countLiveDescendants(db: Db, page: Pick<Page, 'path' | 'id'>): Promise<number> {
  return db
    .selectFrom('pages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('path', 'like', `${page.path}%`)
    .where('id', '!=', page.id)
    .where('live', '=', true)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

/** Takes the page and, when asked, its live descendants off the site (Wagtail's unpublish). */
export async function markUnpublished(
  db: Db,
  page: Pick<Page, 'path' | 'id'>,
  includeDescendants: boolean,
): Promise<number[]> {
  let query = db
    .updateTable('pages')
    .set({ live: false, has_unpublished_changes: true, live_revision_id: null, updated_at: sql`now()` })
    .where('live', '=', true);
  query = includeDescendants ? query.where('path', 'like', `${page.path}%`) : query.where('id', '=', page.id);
  const rows = await query.returning('id').execute();
  return rows.map((row) => row.id);
}

/** Deletes a subtree (revisions and redirects go with it by cascade) and updates the parent's child count. */
export async function deleteSubtree(db: Db, page: Pick<Page, 'path'>): Promise<void> {
  // The latest/live revision pointers reference revisions of the same rows; clear them first so
  // the delete never trips over the order in which rows go.
  await db
    .updateTable('pages')
    .set({ latest_revision_id: null, live_revision_id: null })
    .where('path', 'like', `${page.path}%`)
    .execute();
  await db.deleteFrom('pages').where('path', 'like', `${page.path}%`).execute();
  await db
    .updateTable('pages')
    .set({ numchild: sql`numchild - 1` })
    .where('path', '=', page.path.slice(0, -4))
    .execute();
}

/** Whether a site uses a page of this subtree as its root. */
export function subtreeHoldsSiteRoot(db: Db, page: Pick<Page, 'path'>): Promise<boolean> {
  return db
    .selectFrom('sites')
    .innerJoin('pages', 'pages.id', 'sites.root_page_id')
    .select('sites.id')
    .where('pages.path', 'like', `${page.path}%`)
    .executeTakeFirst()
    .then(Boolean);
}

/** Re-roots a subtree at a new path and URL path (treebeard's move), fixing depths and child counts. */
export async function relocateSubtree(
  db: Db,
  page: Pick<Page, 'path' | 'depth' | 'url_path'>,
  to: { path: string; depth: number; urlPath: string },
): Promise<void> {
  const depthDelta = to.depth - page.depth;
  await db
    .updateTable('pages')
    .set({
      path: sql<string>`${to.path} || substr(path, ${page.path.length + 1})`,
      depth: sql<number>`depth + ${depthDelta}`,
      url_path: sql<string>`${to.urlPath} || substr(url_path, ${page.url_path.length + 1})`,
      updated_at: sql`now()`,
    })
    .where('path', 'like', `${page.path}%`)
    .execute();
  await db
    .updateTable('pages')
    .set({ numchild: sql`numchild - 1` })
    .where('path', '=', page.path.slice(0, -4))
    .execute();
  await db
    .updateTable('pages')
    .set({ numchild: sql`numchild + 1` })
    .where('path', '=', to.path.slice(0, -4))
    .execute();
}

export function setLock(db: Db, pageId: number, lockedBy: number | null): Promise<Page> {
  return db
    .updateTable('pages')
    .set({ locked: lockedBy !== null, locked_by_id: lockedBy, locked_at: lockedBy === null ? null : sql`now()` })
    .where('id', '=', pageId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type RevisionListing = Pick<
  PageRevision,
  'id' | 'page_id' | 'user_id' | 'object_str' | 'approved_go_live_at' | 'created_at'
> & {
  /** Who saved it, as the admin shows people (null: nobody, or a deleted account). */
  user_name: string | null;
};

/** A page's revisions, newest first, without their (large) snapshots. */
export function listRevisions(
  db: Db,
  pageId: number,
  window: { limit: number; offset: number },
): Promise<RevisionListing[]> {
  return db
    .selectFrom('page_revisions')
    .leftJoin('users', 'users.id', 'page_revisions.user_id')
    .select([
      'page_revisions.id',
      'page_revisions.page_id',
      'page_revisions.user_id',
      'page_revisions.object_str',
      'page_revisions.approved_go_live_at',
      'page_revisions.created_at',
      displayNameSql('users').as('user_name'),
    ])
    .where('page_revisions.page_id', '=', pageId)
    .orderBy('page_revisions.created_at', 'desc')
    .orderBy('page_revisions.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export function countRevisions(db: Db, pageId: number): Promise<number> {
  return db
    .selectFrom('page_revisions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('page_id', '=', pageId)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

/** Only one revision of a page waits for a go-live time (Wagtail clears the others). */
export async function setApprovedSchedule(
  db: Db,
  pageId: number,
  revisionId: number | null,
  goLiveAt: Date | null,
): Promise<void> {
  await db.updateTable('page_revisions').set({ approved_go_live_at: null }).where('page_id', '=', pageId).execute();
  if (revisionId !== null && goLiveAt) {
    await db
      .updateTable('page_revisions')
      .set({ approved_go_live_at: goLiveAt })
      .where('id', '=', revisionId)
      .execute();
  }
}

export function findUserName(db: Db, userId: number | null): Promise<string | null> {
  if (userId === null) return Promise.resolve(null);
  return db
    .selectFrom('users')
    .select(['username', 'first_name', 'last_name'])
    .where('id', '=', userId)
    .executeTakeFirst()
    .then((user) => (user ? displayName(user) : null));
}

/** Pages locked by a user, most recently locked first (the dashboard's 'Your locked pages'). */
export function listPagesLockedBy(
  db: Db,
  userId: number,
  limit: number,
): Promise<Array<Pick<Page, 'id' | 'title' | 'locked_at' | 'path' | 'owner_id' | 'numchild' | 'locked_by_id'>>> {
  return db
    .selectFrom('pages')
    .select(['id', 'title', 'locked_at', 'path', 'owner_id', 'numchild', 'locked_by_id'])
    .where('locked', '=', true)
    .where('locked_by_id', '=', userId)
    .orderBy('locked_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Revisions waiting for their go-live time, soonest first, with their page (the dashboard's "Scheduled"). */
export function listScheduledRevisions(db: Db, limit: number) {
  return db
    .selectFrom('page_revisions as r')
    .innerJoin('pages as p', 'p.id', 'r.page_id')
    .select([
      'r.id as revision_id',
      'r.approved_go_live_at',
      'r.object_str',
      'p.id',
      'p.path',
      'p.owner_id',
      'p.numchild',
      'p.live',
      'p.title',
    ])
    .where('r.approved_go_live_at', 'is not', null)
    .orderBy('r.approved_go_live_at')
    .orderBy('r.id')
    .limit(limit)
    .execute();
}
