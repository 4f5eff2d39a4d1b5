import { videoFormSchema, formatDuration, type VideoFormInput } from '../../../../shared/schemas/videos';
import { formatFileSize } from '../../../../views/format-file-size';
import { HttpError } from '../../../errors';
import { collectionChoices } from '../../collections/service';
import {
  deleteVideos,
  findVideoForAdmin,
  listVideos,
  posterChoices,
  updateVideo,
  VIDEO_MODEL,
} from '../../videos/service';
import type { VideoRow } from '../../videos/table';
import { uploadedColumn, collectionFilter } from '../media-list';
import { MEDIA_BULK_ACTIONS } from '../media-bulk';
import { defineViewSet } from '../viewsets/definition';
import { referenceUsage } from '../../references/service';
import { MODEL_PERMISSION_POLICY } from '../viewsets/permission-policy';

/**
 * /wagtail/videos/ (wagtailmedia's videos): the list, {pk}/ (title, collection, poster image),
 * {pk}/delete/, usage/{pk}/, history/{pk}/. Adding is multiple/add/, a new file {pk}/replace/
 * (admin/media-uploads) and the caption tracks {pk}/tracks/ (admin/videos/tracks.tsx).
 */
export const videosViewSet = defineViewSet<VideoRow, VideoFormInput>({
  app: 'wagtailmedia',
  model: 'media',
  names: { name: 'video', plural: 'videos' },
  base: 'videos',
  permissions: MODEL_PERMISSION_POLICY,
  paths: { edit: ':pk/', delete: ':pk/delete/', usage: 'usage/:pk/' },
  usage: referenceUsage(VIDEO_MODEL),
  menu: { label: 'Videos', order: 220 },
  schema: videoFormSchema,
  fields: [
    { name: 'title', label: 'Title', required: true },
    { name: 'collection', label: 'Collection', widget: 'select', required: true, loadChoices: collectionChoices },
    {
      name: 'poster',
      label: 'Poster image',
      widget: 'select',
      help: 'Shown before the video plays; choose from the image library.',
      loadChoices: posterChoices,
    },
  ],
  initialValues: { title: '', collection: '', poster: '' },
  formValues: (row) => ({
    title: row.title,
    collection: String(row.collection_id),
    poster: row.poster_image_id === null ? '' : String(row.poster_image_id),
  }),
  title: (row) => row.title,
  columns: [
    { name: 'title', label: 'Title', sortable: true, linksToEdit: true, value: (row) => row.title },
    { name: 'file', label: 'File', value: (row) => `${row.file_name} (${formatFileSize(row.file_size)})` },
    { name: 'duration', label: 'Duration', sortable: true, value: (row) => formatDuration(row.duration) },
    uploadedColumn(),
  ],
  search: { placeholder: 'Title or file name' },
  filters: [collectionFilter],
  defaultOrder: '-created_at',
  bulkActions: MEDIA_BULK_ACTIONS,
  listActions: [{ label: 'Add videos', href: '/wagtail/videos/multiple/add/', permission: 'add' }],
  editLinks: [
    { label: 'Captions', href: (pk) => `/wagtail/videos/${pk}/tracks/`, permission: 'change' },
    { label: 'Replace file', href: (pk) => `/wagtail/videos/${pk}/replace/`, permission: 'change' },
  ],
  store: {
    list: listVideos,
    get: (db, id, options) => findVideoForAdmin(db, id, options),
    create: () => Promise.reject(new HttpError(400, 'file_required', 'Add videos with a file: use “Add videos”.')),
    update: (db, row, input) => updateVideo(db, row, input),
    remove: ({ db, storage }, rows) => deleteVideos(db, storage, rows),
  },
});
