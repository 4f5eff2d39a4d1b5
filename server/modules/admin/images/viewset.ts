import { renditionUrl } from '../../../../shared/schemas/image-renditions';
import { imageFormSchema, type ImageFormInput } from '../../../../shared/schemas/images';
import { formatFileSize } from '../../../../views/format-file-size';
import { HttpError } from '../../../errors';
import { collectionChoices } from '../../collections/service';
import { formatTags } from '../../../../shared/schemas/tags';
import {
  deleteImages,
  findImageForAdmin,
  imageTagChoices,
  imageTags,
  listImages,
  updateImage,
  type ImageListRow,
} from '../../images/library-service';
import { uploadedColumn, tagsColumn, collectionFilter, tagFilter } from '../media-list';
import { MEDIA_BULK_ACTIONS } from '../media-bulk';
import { defineViewSet } from '../viewsets/definition';
import { referenceUsage } from '../../references/service';
import { MODEL_PERMISSION_POLICY } from '../viewsets/permission-policy';

/**
 * /wagtail/images/ (Wagtail's images app): the list, {pk}/ (title, alt text, collection, focal
 * point), {pk}/delete/, history/{pk}/. Adding is multiple/add/ and a new file {pk}/replace/.
 */
const TAGS_HELP =
  'Separate tags with commas, e.g. “salmon, summer menu”. The list and the image chooser filter by tag.';

export const imagesViewSet = defineViewSet<ImageListRow, ImageFormInput>({
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
    { name: 'tags', label: 'Tags', help: TAGS_HELP },
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
    tags: '',
  },
  formValues: async (row, db) => ({
    title: row.title,
    default_alt_text: row.default_alt_text,
    decorative: row.default_alt_text ? '' : 'on',
    collection: String(row.collection_id),
    focal_point_x: row.focal_point_x === null ? '' : String(row.focal_point_x),
    focal_point_y: row.focal_point_y === null ? '' : String(row.focal_point_y),
    tags: formatTags((await imageTags(db, [row.id])).get(row.id) ?? []),
  }),
  title: (row) => row.title,
  focalPicker: (row) => ({
    src: renditionUrl(row.id, 640, 'webp'),
    width: row.width,
    height: row.height,
    alt: row.default_alt_text || row.title,
  }),
  listLayout: 'grid',
  thumbnail: (row) => ({ src: renditionUrl(row.id, 320, 'webp'), width: row.width, height: row.height }),
  columns: [
    { name: 'title', label: 'Title', sortable: true, linksToEdit: true, value: (row) => row.title },
    {
      name: 'size',
      label: 'Size',
      value: (row) => `${row.width} × ${row.height} px, ${formatFileSize(row.file_size)}`,
    },
    uploadedColumn(),
    tagsColumn(),
  ],
  search: { placeholder: 'Title or alt text' },
  filters: [collectionFilter, tagFilter(imageTagChoices)],
  defaultOrder: '-created_at',
  bulkActions: MEDIA_BULK_ACTIONS,
  listActions: [{ label: 'Add images', href: '/wagtail/images/multiple/add/', permission: 'add' }],
  editLinks: [{ label: 'Replace file', href: (pk) => `/wagtail/images/${pk}/replace/`, permission: 'change' }],
  store: {
    list: listImages,
    get: (db, id, options) => findImageForAdmin(db, id, options),
    create: () => Promise.reject(new HttpError(400, 'file_required', 'Add images with a file: use “Add images”.')),
    update: (db, row, input) => updateImage(db, row, input),
    remove: ({ db, storage }, rows) => deleteImages(db, storage, rows),
  },
});
