import { documentFormSchema, type DocumentFormInput } from '../../../../shared/schemas/documents';
import { formatTags } from '../../../../shared/schemas/tags';
import { formatFileSize } from '../../../../views/format-file-size';
import { collectionChoices } from '../../collections/service';
import {
  deleteDocuments,
  documentTagChoices,
  documentTags,
  documentUrl,
  findDocumentForAdmin,
  listDocuments,
  updateDocument,
  type DocumentListRow,
} from '../../documents/service';
import { HttpError } from '../../../errors';
import { uploadedColumn, tagsColumn, collectionFilter, tagFilter } from '../media-list';
import { MEDIA_BULK_ACTIONS } from '../media-bulk';
import { defineViewSet } from '../viewsets/definition';
import { referenceUsage } from '../../references/service';
import { MODEL_PERMISSION_POLICY } from '../viewsets/permission-policy';

/**
 * /wagtail/documents/ (Wagtail's documents app): the list, {pk}/ (title and collection),
 * {pk}/delete/, usage/{pk}/, history/{pk}/. Adding is multiple/add/ and a new file is
 * {pk}/replace/ (admin/documents/routes.tsx), because both take files.
 */
export const documentsViewSet = defineViewSet<DocumentListRow, DocumentFormInput>({
  app: 'wagtaildocs',
  model: 'document',
  names: { name: 'document', plural: 'documents' },
  base: 'documents',
  permissions: MODEL_PERMISSION_POLICY,
  paths: { edit: ':pk/', delete: ':pk/delete/', usage: 'usage/:pk/' },
  usage: referenceUsage('wagtaildocs.document'),
  menu: { label: 'Documents', order: 210 },
  schema: documentFormSchema,
  fields: [
    { name: 'title', label: 'Title', required: true },
    { name: 'collection', label: 'Collection', widget: 'select', required: true, loadChoices: collectionChoices },
    {
      name: 'tags',
      label: 'Tags',
      help: 'Separate tags with commas, e.g. “menus, 2027”. The list and the document chooser filter by tag.',
    },
  ],
  initialValues: { title: '', collection: '', tags: '' },
  formValues: async (row, db) => ({
    title: row.title,
    collection: String(row.collection_id),
    tags: formatTags((await documentTags(db, [row.id])).get(row.id) ?? []),
  }),
  title: (row) => row.title,
  columns: [
    { name: 'title', label: 'Title', sortable: true, linksToEdit: true, value: (row) => row.title },
    {
      name: 'file',
      label: 'File',
      value: (row) => `${row.file_name} (${formatFileSize(row.file_size)})`,
      linkTo: (row) => documentUrl(row),
    },
    uploadedColumn(),
    tagsColumn(),
  ],
  search: { placeholder: 'Title or file name' },
  filters: [collectionFilter, tagFilter(documentTagChoices)],
  defaultOrder: '-created_at',
  bulkActions: MEDIA_BULK_ACTIONS,
  listActions: [{ label: 'Add documents', href: '/wagtail/documents/multiple/add/', permission: 'add' }],
  editLinks: [
    { label: 'Download', href: (_pk, row) => documentUrl(row), permission: 'any' },
    { label: 'Replace file', href: (pk) => `/wagtail/documents/${pk}/replace/`, permission: 'change' },
  ],
  store: {
    list: listDocuments,
    get: (db, id, options) => findDocumentForAdmin(db, id, options),
    create: () =>
      Promise.reject(new HttpError(400, 'file_required', 'Add documents with a file: use “Add documents”.')),
    update: (db, row, input) => updateDocument(db, row, input),
    remove: ({ db, storage }, rows) => deleteDocuments(db, storage, rows),
  },
});
