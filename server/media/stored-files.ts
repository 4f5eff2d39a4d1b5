import type { MediaApiListQuery } from '../../shared/schemas/media-api';
import type { ListQuery } from '../listing/list-query';
import { inTransaction, type Db } from '../db';
import type { MediaStorage } from '../storage/media-storage';

/**
 * Writes the row for a file already put in storage. When the row cannot be written (a bad
 * collection, the database away) the stored object is removed again: no file without a row.
 */
export async function writeRowOrRemoveFile<T>(storage: MediaStorage, key: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await storage.remove(key).catch(() => {});
    throw error;
  }
}

/**
 * A new file for a row, keeping its id (pages using it keep working): `swap` locks the row and
 * writes the new file's columns in one transaction, giving back the row before and after. The old
 * file is removed once that has committed; the new one if it failed.
 */
export async function replaceFileKeepingRow<Row extends { file: string }>(
  db: Db,
  storage: MediaStorage,
  newKey: string,
  swap: (trx: Db) => Promise<{ previous: Row; updated: Row }>,
): Promise<Row> {
  const { previous, updated } = await writeRowOrRemoveFile(storage, newKey, () => inTransaction(db, swap));
  await storage.remove(previous.file).catch(() => {});
  return updated;
}

/** The media admin APIs' list query (search, collection, `-field` ordering, paging) as the viewsets' list query. */
export function listQueryFromApi(query: MediaApiListQuery): ListQuery {
  const desc = query.order.startsWith('-');
  return {
    q: query.search,
    filters: {
      ...(query.collection ? { collection: String(query.collection) } : {}),
      ...(query.tags ? { tag: query.tags } : {}),
    },
    order: { column: desc ? query.order.slice(1) : query.order, desc },
    limit: query.limit,
    offset: query.offset,
  };
}
