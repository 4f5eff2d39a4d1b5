import { renditionUrl } from '../../../../shared/schemas/image-renditions';
import { imageFormSchema, type ImageFormInput } from '../../../../shared/schemas/images';
import { formatFileSize } from '../../../../views/format-file-size';
import { HttpError } from '../../../errors';
import { collectionChoices } from '../../collections/service';
import { deleteImages, findImageForAdmin, listImages, updateImage } from '../../images/library-service';
import type { ImageRow } from '../../images/table';
import { defineViewSet } from '../viewsets/definition';
import { referenceUsage } from '../../references/service';
import { MODEL_PERMISSION_POLICY } from '../viewsets/permission-policy';

/**
 * /wagtail/images/ (Wagtail's images app): the list, {pk}/ (title, alt text, collection, focal
 * point), {pk}/delete/, history/{pk}/. Adding is multiple/add/ and a new file {pk}/replace/.
 */
export const imagesViewSet = defineViewSet<ImageRow, ImageFormInput>({
  app: 'wagtailimages',
  model: 'image',
  names: { name: 'image', plural: 'images' },
  base: 'images',
  permissions: MODEL_PERMISSION_POLICY,
  paths: { edit: ':pk/', delete: ':pk/delete/', usage: 'usage/:pk/' },
  usage: referenceUsage('wagtailimages.image'),
  menu: { label: 'Images', order: 200 },
  schema: imageFormSchema,
  fields: [
    { name: 'title', label: 'Title', required: true },
    {
      name: 'default_alt_text',
      label: 'Alt text',
      help: 'What the image shows, for people who cannot see it. Required unless the image is decorative.',
    },
    { name: 'decorative', label: 'Decorative image (no alt text)', widget: 'checkbox' },
    { name: 'collection', label: 'Collection', widget: 'select', required: true, loadChoices: collectionChoices },
    {
      name: 'focal_point_x',
      label: 'Focal point, across',
      inputType: 'number',
      help: 'From 0 (left edge) to 1 (right edge); crops keep this point. Empty: the centre.',
    },
    {
      name: 'focal_point_y',
      label: 'Focal point, down',
      inputType: 'number',
      help: 'From 0 (top edge) to 1 (bottom edge).',
    },
  ],
  initialValues: {
    title: '',
    default_alt_text: '',
    decorative: '',
    collection: '',
    focal_point_x: '',
    focal_point_y: '',
  },
  formValues: (row) => ({
    title: row.title,
    default_alt_text: row.default_alt_text,
    decorative: row.default_alt_text ? '' : 'on',
    collection: String(row.collection_id),
    focal_point_x: row.focal_point_x === null ? '' : String(row.focal_point_x),
    focal_point_y: row.focal_point_y === null ? '' : String(row.focal_point_y),
  }),
  title: (row) => row.title,
  focalPicker: (row) => ({
    src: renditionUrl(row.id, 640, 'webp'),
    width: row.width,
    height: row.height,
    alt: row.default_alt_text || row.title,
  }),
  columns: [
    { name: 'title', label: 'Title', sortable: true, linksToEdit: true, value: (row) => row.title },
    {
      name: 'size',
      label: 'Size',
      value: (row) => `${row.width} × ${row.height} px, ${formatFileSize(row.file_size)}`,
    },
    {
      name: 'created_at',
      label: 'Uploaded',
      sortable: true,
      value: (row) => new Date(row.created_at).toISOString().slice(0, 10),
    },
  ],
  search: { placeholder: 'Title or alt text' },
  filters: [
    {
      name: 'collection',
      label: 'Collection',
      choices: async (db) => [{ value: '', label: 'Any collection' }, ...(await collectionChoices(db))],
    },
  ],
  defaultOrder: '-created_at',
  listActions: [{ label: 'Add images', href: '/wagtail/images/multiple/add/', permission: 'add' }],
  store: {
    list: listImages,
    get: (db, id, options) => findImageForAdmin(db, id, options),
    create: () => Promise.reject(new HttpError(400, 'file_required', 'Add images with a file: use “Add images”.')),
    update: (db, row, input) => updateImage(db, row, input),
    remove: ({ db, storage }, rows) => deleteImages(db, storage, rows),
  },
});
