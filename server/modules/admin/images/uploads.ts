import type { UploadLimits } from '../../../config';
import type { Db } from '../../../db';
import { megabytes } from '../../../media/upload';
import type { MediaStorage } from '../../../storage/media-storage';
import { formatFileSize } from '../../../../views/format-file-size';
import {
  createImageFromUpload,
  findImageForAdmin,
  IMAGE_MODEL,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
  replaceImageFile,
} from '../../images/library-service';
import type { MediaUploadKind } from '../media-uploads/routes';

type Image = Awaited<ReturnType<typeof createImageFromUpload>>;

/** The images library's upload screens (/wagtail/images/multiple/add/, .../{id}/replace/). */
export function imageUploadKind(db: Db, storage: MediaStorage, limits: UploadLimits): MediaUploadKind<Image> {
  return {
    area: 'images',
    noun: 'image',
    model: IMAGE_MODEL,
    maxBytes: limits.maxImageBytes,
    accept: 'image/jpeg,image/png,image/webp,image/avif,image/gif',
    help: `JPEG, PNG, WebP, AVIF or GIF (the type is read from the file itself; SVG is not accepted), at most ${megabytes(limits.maxImageBytes)} and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels each, at most ${MAX_IMAGE_SIDE.toLocaleString('en-US')} pixels a side.`,
    create: (file, fields) => createImageFromUpload(db, storage, file, fields),
    detail: (image) => `${image.width} × ${image.height} px, ${formatFileSize(image.file_size)}`,
    find: (id) => findImageForAdmin(db, id),
    replace: (id, file) => replaceImageFile(db, storage, id, file),
  };
}
