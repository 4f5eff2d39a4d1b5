import type { UploadLimits } from '../../../config';
import type { Db } from '../../../db';
import { megabytes } from '../../../media/upload';
import type { MediaStorage } from '../../../storage/media-storage';
import { formatFileSize } from '../../../../views/format-file-size';
import { createDocumentFromUpload, DOCUMENT_MODEL, findDocument, replaceDocumentFile } from '../../documents/service';
import type { MediaUploadKind } from '../media-uploads/routes';

type Document = Awaited<ReturnType<typeof createDocumentFromUpload>>;

/** The documents library's upload screens (/wagtail/documents/multiple/add/, .../{id}/replace/). */
export function documentUploadKind(db: Db, storage: MediaStorage, limits: UploadLimits): MediaUploadKind<Document> {
  const extensions = limits.documentExtensions.map((ext) => `.${ext}`);
  return {
    area: 'documents',
    noun: 'document',
    model: DOCUMENT_MODEL,
    maxBytes: limits.maxDocumentBytes,
    accept: extensions.join(','),
    help: `Accepted: ${extensions.join(', ')} (the type is read from the file itself), at most ${megabytes(limits.maxDocumentBytes)} each.`,
    create: (file, fields) =>
      createDocumentFromUpload(db, storage, file, { ...fields, allowed: limits.documentExtensions }),
    detail: (document) => `${document.file_name}, ${formatFileSize(document.file_size)}`,
    find: (id) => findDocument(db, id),
    replace: (id, file) => replaceDocumentFile(db, storage, id, file, limits.documentExtensions),
  };
}
