import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Db } from '../../db';
import { HttpError, notFound } from '../../errors';
import type { UploadedFile } from '../../media/upload';
import type { DocumentFormInput } from '../../../shared/schemas/documents';
import type { MediaApiListQuery } from '../../../shared/schemas/media-api';
import type { ListQuery } from '../../listing/list-query';
import { detectFileType, looksLikePolyglot, SNIFF_BYTES } from '../../media/file-types';
import { sanitiseFileName, titleFromFileName, uniqueKey } from '../../media/file-names';
import { replaceFileKeepingRow, writeRowOrRemoveFile, listQueryFromApi } from '../../media/stored-files';
import type { MediaStorage, StoredObject } from '../../storage/media-storage';
import { DOCUMENT_TAGS } from '../tags/table';
import { setTagsByName, tagFilterChoices, tagsOf } from '../tags/service';
import * as repo from './repo';
import type { DocumentRow } from './table';

export const DOCUMENT_MODEL = 'wagtaildocs.document';

/** The types a document may be (decided by its bytes), unless settings name fewer. */
export const DEFAULT_DOCUMENT_EXTENSIONS = ['pdf', 'docx', 'xlsx', 'zip', 'jpg', 'png', 'gif', 'webp', 'avif'] as const;

export const documentUrl = (document: Pick<DocumentRow, 'id' | 'file_name'>) =>
  `/documents/${document.id}/${encodeURIComponent(document.file_name)}`;

export function findDocument(db: Db, id: number): Promise<DocumentRow | undefined> {
  return repo.findDocument(db, id);
}

export function findDocuments(db: Db, ids: readonly number[]): Promise<DocumentRow[]> {
  return repo.findDocuments(db, ids);
}

export type CreateDocumentInput = {
  title: string;
  /** The name the file came with; only its last segment survives, sanitised. */
  fileName: string;
  data: Buffer;
  collectionId?: number;
  userId?: number | null;
  allowedExtensions?: readonly string[];
};

/** Checks the bytes against the allow-list; the error says what the file was taken for. */
export function documentTypeOf(head: Buffer, allowed: readonly string[] = DEFAULT_DOCUMENT_EXTENSIONS) {
  const type = detectFileType(head.subarray(0, SNIFF_BYTES));
  if (!type || type.kind === 'video' || type.kind === 'text' || !allowed.includes(type.extension)) {
    throw new HttpError(
      400,
      'unsupported_document',
      `This file type is not accepted. Accepted: ${allowed.map((e) => `.${e}`).join(', ')}.`,
      {
        file: ['This file type is not accepted.'],
      },
    );
  }
  if (type.kind === 'image' && looksLikePolyglot(head.subarray(0, SNIFF_BYTES))) {
    throw new HttpError(400, 'unsupported_document', 'This file holds markup inside an image and is refused.', {
      file: ['This file is refused.'],
    });
  }
  return type;
}

/** Stores a document whose bytes are already in memory (the seed; small uploads). */
export async function createDocument(db: Db, storage: MediaStorage, input: CreateDocumentInput): Promise<DocumentRow> {
  const type = documentTypeOf(input.data, input.allowedExtensions);
  const fileName = sanitiseFileName(input.fileName, type.extension);
  const file = uniqueKey('documents', fileName);
  await storage.put(file, input.data, { size: input.data.length, contentType: type.mimetype });
  return repo.insertDocument(db, {
    title: input.title.trim() || fileName,
    file,
    file_name: fileName,
    file_size: input.data.length,
    mimetype: type.mimetype,
    file_hash: createHash('sha1').update(input.data).digest('hex'),
    ...(input.collectionId ? { collection_id: input.collectionId } : {}),
    uploaded_by_user_id: input.userId ?? null,
  });
}

/** A document and its stored bytes, when the URL's name is the document's own. */
export async function openDocument(
  db: Db,
  storage: MediaStorage,
  id: number,
  fileName: string,
): Promise<{ document: DocumentRow; object: StoredObject } | undefined> {
  const document = await repo.findDocument(db, id);
  if (!document || document.file_name !== fileName) return undefined;
  const object = await storage.open(document.file);
  return object ? { document, object } : undefined;
}

/** The first bytes of a received file, enough to tell its type. */
export async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Copies a received file into the media storage under a new unique key; returns what the row records. */
async function storeUpload(storage: MediaStorage, file: UploadedFile, allowed: readonly string[]) {
  if (file.size === 0) throw new HttpError(400, 'empty_file', 'The file is empty.', { file: ['The file is empty.'] });
  const type = documentTypeOf(await readHead(file.path), allowed);
  const fileName = sanitiseFileName(file.originalName, type.extension);
  const key = uniqueKey('documents', fileName);
  await storage.put(key, createReadStream(file.path), { size: file.size, contentType: type.mimetype });
  return { file: key, file_name: fileName, file_size: file.size, mimetype: type.mimetype };
}

export type UploadInput = { title: string; collectionId?: number; userId: number | null; allowed: readonly string[] };

/**
 * A document from an upload already streamed to disk (server/media/upload.ts). The bytes decide
 * the type; the stored object is removed again when the row cannot be written.
 */
export async function createDocumentFromUpload(
  db: Db,
  storage: MediaStorage,
  file: UploadedFile,
  input: UploadInput,
): Promise<DocumentRow> {
  const stored = await storeUpload(storage, file, input.allowed);
  return writeRowOrRemoveFile(storage, stored.file, () =>
    repo.insertDocument(db, {
      ...stored,
      title: input.title.trim() || titleFromFileName(file.originalName),
      ...(input.collectionId ? { collection_id: input.collectionId } : {}),
      uploaded_by_user_id: input.userId,
    }),
  );
}

/** Replaces a document's file keeping its id (links to it keep working); the old file is removed. */
export async function replaceDocumentFile(
  db: Db,
  storage: MediaStorage,
  id: number,
  file: UploadedFile,
  allowed: readonly string[],
): Promise<DocumentRow> {
  const stored = await storeUpload(storage, file, allowed);
  return replaceFileKeepingRow(db, storage, stored.file, async (trx) => {
    const previous = await repo.lockDocument(trx, id);
    if (!previous) throw notFound('No such document.');
    return { previous, updated: await repo.updateDocument(trx, id, { ...stored, file_hash: '' }) };
  });
}

/** A document as the library's list shows it: with its tags. */
export type DocumentListRow = DocumentRow & { tags?: readonly string[] };

export async function listDocuments(db: Db, query: ListQuery): Promise<{ rows: DocumentListRow[]; total: number }> {
  const { rows, total } = await repo.listDocuments(db, query);
  const tags = await documentTags(
    db,
    rows.map((row) => row.id),
  );
  return { rows: rows.map((row) => ({ ...row, tags: tags.get(row.id) ?? [] })), total };
}

export function findDocumentForAdmin(db: Db, id: number, options: { lock?: boolean } = {}) {
  return options.lock ? repo.lockDocument(db, id) : repo.findDocument(db, id);
}

/** Saves the edit form: title, collection and tags (the viewset runs this in its transaction). */
export async function updateDocument(db: Db, row: DocumentRow, input: DocumentFormInput): Promise<DocumentRow> {
  await setTagsByName(db, DOCUMENT_TAGS, row.id, input.tags);
  return repo.updateDocument(db, row.id, { title: input.title, collection_id: input.collectionId });
}

/** Each document's tags, in the order typed. */
export function documentTags(db: Db, ids: readonly number[]): Promise<Map<number, string[]>> {
  return tagsOf(db, DOCUMENT_TAGS, ids);
}

/** The tag filter's choices: every tag some document carries. */
export const documentTagChoices = (db: Db) => tagFilterChoices(db, DOCUMENT_TAGS);

/** Deletes the rows, then their files (a file without a row is harmless; a row without its file is not). */
export async function deleteDocuments(db: Db, storage: MediaStorage, rows: DocumentRow[]): Promise<void> {
  await repo.deleteDocuments(
    db,
    rows.map((row) => row.id),
  );
  for (const row of rows) await storage.remove(row.file).catch(() => {});
}

const API_BASE = '/wagtail/api/main/documents';

function apiItem(row: DocumentRow, tags: readonly string[]) {
  return {
    id: row.id,
    meta: {
      type: 'wagtaildocs.Document',
      detail_url: `${API_BASE}/${row.id}/`,
      download_url: documentUrl(row),
      tags: [...tags],
    },
    title: row.title,
  };
}

/** The admin API's document list (Wagtail's admin API v2 shape: meta.total_count and items). */
export async function documentApiList(db: Db, query: MediaApiListQuery) {
  const { rows, total } = await repo.listDocuments(db, listQueryFromApi(query));
  const tags = await documentTags(
    db,
    rows.map((row) => row.id),
  );
  return { meta: { total_count: total }, items: rows.map((row) => apiItem(row, tags.get(row.id) ?? [])) };
}

export async function documentApiDetail(db: Db, id: number) {
  const row = await repo.findDocument(db, id);
  if (!row) throw notFound('The document does not exist.');
  const item = apiItem(row, (await documentTags(db, [row.id])).get(row.id) ?? []);
  return {
    ...item,
    meta: {
      ...item.meta,
      file_name: row.file_name,
      file_size: row.file_size,
      mimetype: row.mimetype,
      created_at: new Date(row.created_at).toISOString(),
    },
    collection: { id: row.collection_id },
  };
}
