import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../db';
import { STATIC_DIR } from '../paths';
import { addTrack, createVideo } from '../modules/videos/service';
import type { MediaStorage } from '../storage/media-storage';
import { DEMO_IMAGES, DEMO_VIDEOS } from '../../views/blocks/demo-images';

/** The captions of each demo video, committed beside it (static/media/videos/{key}.{lang}.vtt). */
const DEMO_TRACKS = [
  { language: 'en', label: 'English', isDefault: true },
  { language: 'fr', label: 'Français', isDefault: false },
] as const;

/**
 * Stores the demo videos in the video library (the committed clip, its poster from the demo
 * images, English and French captions). Returns catalogue number -> stored video id, which
 * resolveDemoImages uses to fill in block values.
 */
export async function seedDemoVideos(
  db: Db,
  storage: MediaStorage,
  imageIds: Map<number, number>,
): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  for (const [index, entry] of DEMO_VIDEOS.entries()) {
    const posterImageId = imageIds.get(DEMO_IMAGES.findIndex((image) => image.key === entry.poster) + 1);
    const data = await readFile(join(STATIC_DIR, 'media', 'videos', entry.file));
    const video = await createVideo(db, storage, {
      title: entry.title,
      fileName: entry.file,
      data,
      userId: null,
      posterImageId,
    });
    for (const track of DEMO_TRACKS) {
      const source = await readFile(join(STATIC_DIR, 'media', 'videos', `${entry.key}.${track.language}.vtt`), 'utf8');
      await addTrack(db, video.id, {
        label: track.label,
        language: track.language,
        kind: 'captions',
        is_default: track.isDefault,
        source,
      });
    }
    ids.set(index + 1, video.id);
  }
  return ids;
}
