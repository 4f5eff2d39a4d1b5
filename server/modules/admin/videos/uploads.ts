import type { UploadLimits } from '../../../config';
import type { Db } from '../../../db';
import { megabytes } from '../../../media/upload';
import type { MediaStorage } from '../../../storage/media-storage';
import { formatFileSize } from '../../../../views/format-file-size';
import { formatDuration } from '../../../../shared/schemas/videos';
import { createVideoFromUpload, findVideoForAdmin, replaceVideoFile, VIDEO_MODEL } from '../../videos/service';
import type { MediaUploadKind } from '../media-uploads/routes';

type Video = Awaited<ReturnType<typeof createVideoFromUpload>>;

/** The video library's upload screens (/wagtail/videos/multiple/add/, .../{id}/replace/). */
export function videoUploadKind(db: Db, storage: MediaStorage, limits: UploadLimits): MediaUploadKind<Video> {
  return {
    area: 'videos',
    noun: 'video',
    model: VIDEO_MODEL,
    maxBytes: limits.maxVideoBytes,
    accept: 'video/mp4,video/webm',
    help: `MP4 or WebM (the type is read from the file itself), at most ${megabytes(limits.maxVideoBytes)} each. Add a poster image and captions on the video's screen.`,
    create: (file, fields) => createVideoFromUpload(db, storage, file, fields),
    detail: (video) =>
      `${video.mimetype === 'video/mp4' ? 'MP4' : 'WebM'}, ${formatDuration(video.duration)}, ${formatFileSize(video.file_size)}`,
    find: (id) => findVideoForAdmin(db, id),
    replace: (id, file) => replaceVideoFile(db, storage, id, file),
  };
}
