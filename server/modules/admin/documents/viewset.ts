import { mediaFormSchema, type MediaFormInput } from '../../../../shared/schemas/documents';
import { formatFileSize } from '../../../../views/format-file-size';
import { collectionChoices } from '../../collections/service';
import { deleteDocuments, findDocumentForAdmin, listDocuments, updateDocument } from '../../documents/service';
import type { DocumentRow } from '../../documents/table';
import { HttpError } from '../../../errors';
import { defineViewSet } from '../viewsets/definition';
import { referenceUsage } from '../../references/service';
import { MODEL_PERMISSION_POLICY } from '../viewsets/permission-policy';

/**
 * /wagtail/documents/ (Wagtail's documents app): the list, {pk}/ (title and collection),
 * {pk}/delete/, usage/{pk}/, history/{pk}/. Adding is multiple/add/ and a new file is
 * {pk}/replace/ (admin/documents/routes.tsx), because both take files.
 */
export const documentsViewSet = defineViewSet<DocumentRow, MediaFormInput>({
  app: 'wagtaildocs',
  model: 'document',
  names: { name: 'document', plural: 'documents' },
  base: 'documents',
  permissions: MODEL_PERMISSION_POLICY,
  paths: { edit: ':pk/', delete: ':pk/delete/', usage: 'usage/:pk/' },
  usage: referenceUsage('wagtaildocs.document'),
  menu: { label: 'Documents', order: 210 },
  schema: mediaFormSchema,
  fields: [
    { name: 'title', label: 'Title', required: true },
    { name: 'collection', label: 'Collection', widget: 'select', required: true, loadChoices: collectionChoices },
  ],
  initialValues: { title: '', collection: '' },
  formValues: (row) => ({ title: row.title, collection: String(row.collection_id) }),
  title: (row) => row.title,
  columns: [
    { name: 'title', label: 'Title', sortable: true, linksToEdit: true, value: (row) => row.title },
    { name: 'file', label: 'File', value: (row) => `${row.file_name} (${formatFileSize(row.file_size)})` },
    {
      name: 'created_at',
      label: 'Uploaded',
      sortable: true,
      value: (row) => new Date(row.created_at).toISOString().slice(0, 10),
    },
  ],
  search: { placeholder: 'Title or file name' },
  filters: [
    {
      name: 'collection',
      label: 'Collection',
      choices: async (db) => [{ value: '', label: 'Any collection' }, ...(await collectionChoices(db))],
    },
  ],
  defaultOrder: '-created_at',
  listActions: [{ label: 'Add documents', href: '/wagtail/documents/multiple/add/', permission: 'add' }],
  store: {
    list: listDocuments,
    get: (db, id, options) => findDocumentForAdmin(db, id, options),
    create: () =>
      Promise.reject(new HttpError(400, 'file_required', 'Add documents with a file: use “Add documents”.')),
    update: (db, row, input) => updateDocument(db, row, input),
    remove: ({ db, storage }, rows) => deleteDocuments(db, storage, rows),
  },
});
