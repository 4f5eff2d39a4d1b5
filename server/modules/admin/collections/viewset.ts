import { collectionFormSchema, type CollectionInput } from '../../../../shared/schemas/collections';
import {
  collectionChoices,
  collectionTree,
  createCollection,
  deleteCollections,
  deleteRefusal,
  findCollection,
  listCollections,
  updateCollection,
  type CollectionListing,
} from '../../collections/service';
import { STEP_LENGTH } from '../../../tree-path';
import { defineViewSet } from '../viewsets/definition';
import { MODEL_PERMISSION_POLICY } from '../viewsets/permission-policy';

/** /wagtail/collections/ (Wagtail's collections): add/, {pk}/, delete/{pk}/, history/{pk}/. */
export const collectionsViewSet = defineViewSet<CollectionListing, CollectionInput>({
  app: 'wagtailcore',
  model: 'collection',
  names: { name: 'collection', plural: 'collections' },
  base: 'collections',
  permissions: MODEL_PERMISSION_POLICY,
  paths: { edit: ':pk/' },
  menu: { label: 'Collections', order: 400 },
  schema: collectionFormSchema,
  fields: [
    { name: 'name', label: 'Name', required: true },
    {
      name: 'parent',
      label: 'Parent',
      widget: 'select',
      required: true,
      loadChoices: collectionChoices,
      help: 'Permissions granted on the parent also cover this collection.',
    },
  ],
  initialValues: { name: '', parent: '' },
  formValues: async (row, db) => {
    const parentPath = row.path.slice(0, -STEP_LENGTH);
    const parent = (await collectionTree(db)).find((c) => c.path === parentPath);
    return { name: row.name, parent: parent ? String(parent.id) : '' };
  },
  title: (row) => row.name,
  columns: [
    {
      name: 'name',
      label: 'Name',
      sortable: true,
      linksToEdit: true,
      value: (row) => `${'\u2014 '.repeat(Math.max(0, row.depth - 2))}${row.name}`,
    },
    { name: 'path', label: 'Level', sortable: true, value: (row) => String(row.depth - 1) },
    {
      name: 'contents',
      label: 'Holds',
      value: (row) =>
        `${row.numchild} ${row.numchild === 1 ? 'collection' : 'collections'}, ${row.image_count} ${row.image_count === 1 ? 'image' : 'images'}`,
    },
  ],
  search: { placeholder: 'Collection name' },
  defaultOrder: 'path',
  store: {
    list: listCollections,
    get: (db, id, options) => findCollection(db, id, options).then((row) => (row && row.depth > 1 ? row : undefined)),
    create: (db, input) => createCollection(db, input),
    update: (db, row, input) => updateCollection(db, row, input),
    remove: ({ db }, rows) => deleteCollections(db, rows),
  },
  deleteRefusal,
  editLinks: [{ label: 'Privacy', href: (pk) => `/wagtail/collections/${pk}/privacy/`, permission: 'change' }],
  usage: { count: async (_db, rows) => new Map(rows.map((row) => [row.id, row.numchild + row.image_count])) },
});
