import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/** Where image files live: DATA_DIR/media/{original_images,renditions}. */
export type MediaStorage = { root: string };

export const mediaStorage = (dataDir: string): MediaStorage => ({ root: resolve(dataDir, 'media') });

/** The absolute path of a file stored under the media root; refuses paths that would escape it. */
export function mediaPath(storage: MediaStorage, relative: string): string {
  const absolute = resolve(storage.root, relative);
  if (!absolute.startsWith(storage.root + sep)) throw new Error(`media path escapes the media root: ${relative}`);
  return absolute;
}

export const renditionFile = (imageId: number, requestedWidth: number, format: string) => join('renditions', String(imageId), `w${requestedWidth}.${format}`);

/**
 * Writes through a uniquely named temporary file and renames it into place. rename() is atomic
 * on one file system, so a reader (or a second writer racing us) never sees half a file.
 */
export async function writeFileAtomically(path: string, data: Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, data);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
