import { jsonb, type Db } from '../../db';
import type { ObjectRevision } from './table';

export function insertRevision(
  db: Db,
  revision: { model: string; objectId: number; objectStr: string; content: unknown; userId: number | null },
): Promise<ObjectRevision> {
  return db
    .insertInto('object_revisions')
    .values({
      model: revision.model,
      object_id: String(revision.objectId),
      object_str: revision.objectStr.slice(0, 500),
      content: jsonb(revision.content),
      user_id: revision.userId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findRevision(
  db: Db,
  model: string,
  objectId: number,
  revisionId: number,
): Promise<ObjectRevision | undefined> {
  return db
    .selectFrom('object_revisions')
    .selectAll()
    .where('id', '=', revisionId)
    .where('model', '=', model)
    .where('object_id', '=', String(objectId))
    .executeTakeFirst();
}

/** The newest revision of an object (its latest draft or published content). */
export function latestRevision(db: Db, model: string, objectId: number): Promise<ObjectRevision | undefined> {
  return db
    .selectFrom('object_revisions')
    .selectAll()
    .where('model', '=', model)
    .where('object_id', '=', String(objectId))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function deleteRevisions(db: Db, model: string, objectIds: number[]): Promise<void> {
  if (objectIds.length === 0) return;
  await db
    .deleteFrom('object_revisions')
    .where('model', '=', model)
    .where('object_id', 'in', objectIds.map(String))
    .execute();
}
