import type { Db } from '../../db';
import * as repo from './repo';
import type { ObjectRevision } from './table';

/**
 * Revisions of objects other than pages (snippets, settings...): full JSON snapshots per model
 * and object, as Wagtail's Revision model keeps them.
 */
export function recordRevision(
  db: Db,
  revision: { model: string; objectId: number; objectStr: string; content: unknown; userId: number | null },
): Promise<ObjectRevision> {
  return repo.insertRevision(db, revision);
}

export function findRevision(
  db: Db,
  model: string,
  objectId: number,
  revisionId: number,
): Promise<ObjectRevision | undefined> {
  return repo.findRevision(db, model, objectId, revisionId);
}

export function latestRevision(db: Db, model: string, objectId: number): Promise<ObjectRevision | undefined> {
  return repo.latestRevision(db, model, objectId);
}

export function deleteRevisions(db: Db, model: string, objectIds: number[]): Promise<void> {
  return repo.deleteRevisions(db, model, objectIds);
}
