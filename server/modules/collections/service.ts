import type { Db } from '../../db';
import { badRequest, HttpError, notFound } from '../../errors';
import type { CollectionInput } from '../../../shared/schemas/collections';
import { nextChildPath, STEP_LENGTH } from '../../tree-path';
import * as repo from './repo';
import type { Collection } from './table';

/**
 * Collections (Wagtail's): a tree under 'Root' that images, documents and videos are filed in,
 * and that collection permissions are granted on (a grant covers the collection's descendants).
 * Siblings keep the order they were added in.
 */

/** The parent choices, indented by depth ('Root', '— Menus', '— — Summer'). */
export async function collectionChoices(db: Db): Promise<Array<{ value: string; label: string }>> {
  return (await repo.listTree(db)).map((c) => ({
    value: String(c.id),
    label: `${'\u2014 '.repeat(c.depth - 1)}${c.name}`,
  }));
}

export async function rootCollectionId(db: Db): Promise<number> {
  const root = await repo.findRootCollection(db);
  if (!root) throw new Error('The root collection is missing (run the migrations).');
  return root.id;
}

async function parentOf(db: Db, input: CollectionInput): Promise<Collection> {
  const parent = await repo.lockCollection(db, input.parentId);
  if (!parent)
    throw badRequest('The parent collection does not exist.', {
      parent: ['Select a valid choice. That collection does not exist.'],
    });
  return parent;
}

export async function createCollection(db: Db, input: CollectionInput): Promise<repo.CollectionListing> {
  const parent = await parentOf(db, input);
  const created = await repo.insertCollection(db, {
    path: nextChildPath(parent.path, await repo.lastChildPath(db, parent)),
    depth: parent.depth + 1,
    name: input.name,
  });
  await repo.addToNumchild(db, parent.id, 1);
  return (await repo.findCollection(db, created.id))!;
}

/** Renames, and moves under another parent when it changed (never into itself or its descendants). */
export async function updateCollection(
  db: Db,
  row: Collection,
  input: CollectionInput,
): Promise<repo.CollectionListing> {
  const currentParentPath = row.path.slice(0, -STEP_LENGTH);
  const parent = await parentOf(db, input);
  if (parent.path !== currentParentPath) {
    if (parent.path.startsWith(row.path))
      throw badRequest('A collection cannot be moved into itself or one of its descendants.', {
        parent: ['A collection cannot be moved into itself or one of its descendants.'],
      });
    const oldParent = (await repo.listTree(db)).find((c) => c.path === currentParentPath);
    const newPath = nextChildPath(parent.path, await repo.lastChildPath(db, parent));
    await repo.relocateSubtree(db, row.path, newPath, parent.depth + 1 - row.depth);
    await repo.addToNumchild(db, parent.id, 1);
    if (oldParent) await repo.addToNumchild(db, oldParent.id, -1);
  }
  await repo.renameCollection(db, row.id, input.name);
  return (await repo.findCollection(db, row.id))!;
}

/** Why a collection cannot be deleted: it still holds collections or media (Wagtail refuses too). */
export function deleteRefusal(row: repo.CollectionListing): string | undefined {
  if (row.depth <= 1) return 'The root collection cannot be deleted.';
  const parts = [
    row.numchild ? `${row.numchild} ${row.numchild === 1 ? 'collection' : 'collections'}` : '',
    row.image_count ? `${row.image_count} ${row.image_count === 1 ? 'image' : 'images'}` : '',
    row.document_count ? `${row.document_count} ${row.document_count === 1 ? 'document' : 'documents'}` : '',
    row.video_count ? `${row.video_count} ${row.video_count === 1 ? 'video' : 'videos'}` : '',
  ].filter(Boolean);
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0];
  return list ? `The collection '${row.name}' is not empty: it holds ${list}. Move or delete them first.` : undefined;
}

export async function deleteCollections(db: Db, rows: repo.CollectionListing[]): Promise<void> {
  for (const row of rows) {
    const fresh = await repo.findCollection(db, row.id, { lock: true });
    if (!fresh) throw notFound('The collection no longer exists.');
    const refusal = deleteRefusal(fresh);
    if (refusal) throw new HttpError(409, 'collection_not_empty', refusal);
    await repo.deleteCollection(db, row.id);
    const parent = (await repo.listTree(db)).find((c) => c.path === row.path.slice(0, -STEP_LENGTH));
    if (parent) await repo.addToNumchild(db, parent.id, -1);
  }
}

export type { CollectionListing } from './repo';

/** A page of the collections list (the viewset's query). */
export function listCollections(db: Db, query: Parameters<typeof repo.listCollections>[1]) {
  return repo.listCollections(db, query);
}

export function findCollection(db: Db, id: number, options: { lock?: boolean } = {}) {
  return repo.findCollection(db, id, options);
}

/** Every collection in tree order. */
export function collectionTree(db: Db): Promise<Collection[]> {
  return repo.listTree(db);
}
