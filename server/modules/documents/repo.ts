import { sql } from 'kysely';
import type { Db } from '../../db';
import type { ListQuery } from '../../listing/list-query';
import { tagKey } from '../../../shared/schemas/tags';
import { pageOfRows } from '../../listing/rows-repo';
import type { DocumentRow, NewDocument } from './table';

export function insertDocument(db: Db, document: NewDocument): Promise<DocumentRow> {
  return db.insertInto('documents').values(document).returningAll().executeTakeFirstOrThrow();
}

export function findDocument(db: Db, id: number): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findDocuments(db: Db, ids: readonly number[]): Promise<DocumentRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('documents').selectAll().where('id', 'in', ids).execute();
}

export function listDocuments(db: Db, query: ListQuery): Promise<{ rows: DocumentRow[]; total: number }> {
  let base = db.selectFrom('documents as d').selectAll('d');
  if (query.filters.collection) base = base.where('d.collection_id', '=', Number(query.filters.collection));
  // Every tag named (the API takes several, separated by commas) must be on the document.
  for (const name of query.filters.tag?.split(',') ?? []) {
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('document_tags as dt')
          .innerJoin('tags as t', 't.id', 'dt.tag_id')
          .select('dt.tag_id')
          .whereRef('dt.document_id', '=', 'd.id')
          .where('t.key', '=', tagKey(name)),
      ),
    );
  }
  return pageOfRows(base, query, {
    search: ['d.title', 'd.file_name'],
    sort: { id: 'd.id', title: 'd.title', created_at: 'd.created_at', file_size: 'd.file_size' },
    id: 'd.id',
  });
}

export function lockDocument(db: Db, id: number): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function updateDocument(
  db: Db,
  id: number,
  values: Partial<
    Pick<DocumentRow, 'title' | 'collection_id' | 'file' | 'file_name' | 'file_size' | 'mimetype' | 'file_hash'>
  >,
): Promise<DocumentRow> {
  return db
    .updateTable('documents')
    .set({ ...values, version: sql`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteDocuments(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('documents').where('id', 'in', ids).execute();
}
