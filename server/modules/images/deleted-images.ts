import type { Db } from '../../db';
import * as repo from './repo';
import { tableMemoFor } from '../../cache/table-memo';
import { oncePerObject } from '../../../shared/memo/once-per-object';

/** An image as blocks store it and as this pass recognises it: a library id and its renditions. */
const isLibraryImage = (value: unknown): value is { image_id: number; renditions: unknown[] } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { image_id?: unknown }).image_id === 'number' &&
  Array.isArray((value as { renditions?: unknown }).renditions);

function collectIds(value: unknown, ids: Set<number>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectIds(item, ids);
  } else if (typeof value === 'object' && value !== null) {
    if (isLibraryImage(value)) ids.add(value.image_id);
    for (const child of Object.values(value)) collectIds(child, ids);
  }
}

/**
 * The library image ids of a content object, found once per object: page rows come from the
 * memo (server/cache/table-memo.ts), whose objects are never changed, so an uncached render does
 * not walk the same content again.
 */
const libraryImageIds = oncePerObject((content: object): ReadonlySet<number> => {
  const found = new Set<number>();
  collectIds(content, found);
  return found;
});

/** A copy of `value` without the images whose id is in `gone`: list items removed, properties left out. */
function strip(
  value: unknown,
  gone: ReadonlySet<number>,
  path: string,
  report: (imageId: number, path: string) => void,
): unknown {
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    value.forEach((item, index) => {
      if (isLibraryImage(item) && gone.has(item.image_id)) report(item.image_id, `${path}.${index}`);
      else out.push(strip(item, gone, `${path}.${index}`, report));
    });
    return out;
  }
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (isLibraryImage(child) && gone.has(child.image_id)) report(child.image_id, at);
    else out[key] = strip(child, gone, at, report);
  }
  return out;
}

/**
 * Page content without the library images deleted since it was saved (blocks keep a copy of an
 * image's renditions, whose files went with it). An optional image is left out; a block that
 * needs one then fails its schema and is dropped, as any bad block is (logged, never a 500).
 * One query for the whole page; content without library images is returned as it is.
 */
export async function withoutDeletedImages<T extends Record<string, unknown>>(
  db: Db,
  content: T,
  report: (imageId: number, path: string) => void,
): Promise<T> {
  const ids = libraryImageIds(content);
  if (ids.size === 0) return content;
  const asked = [...ids].sort((a, b) => a - b);
  const existing = new Set(
    await tableMemoFor(db).read(`images ${asked.join(',')}`, ['images'], () => repo.existingImageIds(db, asked)),
  );
  const gone = new Set([...ids].filter((id) => !existing.has(id)));
  return gone.size === 0 ? content : (strip(content, gone, '', report) as T);
}
