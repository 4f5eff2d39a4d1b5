import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { checkedKey, checkedPrefix, type MediaStorage } from './media-storage';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

/** Files under one directory (DATA_DIR/media by default); keys are their relative paths. */
export function localMediaStorage(root: string): MediaStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const absolute = resolve(base, checkedKey(key));
    if (!absolute.startsWith(base + sep)) throw new Error(`media key escapes the media root: ${key}`);
    return absolute;
  };

  return {
    description: `local directory ${base}`,

    // A uniquely named temporary file renamed into place: rename() is atomic on one file system,
    // so a reader (or a second writer racing us) never sees half a file.
    async put(key, body, _options) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        if (Buffer.isBuffer(body)) await writeFile(temporary, body);
        else await pipeline(body, createWriteStream(temporary));
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async open(key) {
      const path = pathOf(key);
      const info = await stat(path).catch((error: unknown) => (isMissing(error) ? undefined : Promise.reject(error)));
      if (!info?.isFile()) return undefined;
      return { body: createReadStream(path), size: info.size, lastModified: info.mtime };
    },

    async read(key) {
      return readFile(pathOf(key)).catch((error: unknown) => (isMissing(error) ? undefined : Promise.reject(error)));
    },

    async exists(key) {
      const info = await stat(pathOf(key)).catch((error: unknown) =>
        isMissing(error) ? undefined : Promise.reject(error),
      );
      return Boolean(info?.isFile());
    },

    async remove(key) {
      await rm(pathOf(key), { force: true });
    },

    async *list(prefix = '') {
      checkedPrefix(prefix);
      const start = prefix ? join(base, prefix) : base;
      const names = await readdir(start, { recursive: true }).catch((error: unknown) =>
        isMissing(error) ? [] : Promise.reject(error),
      );
      for (const name of names.sort()) {
        const path = join(start, name);
        const key = relative(base, path).split(sep).join('/');
        // Temporary files of writes in progress and health probes are not media.
        if (key.endsWith('.tmp') || key.split('/').some((segment) => segment.startsWith('.'))) continue;
        const info = await stat(path).catch(() => undefined);
        if (info?.isFile()) yield { key, size: info.size };
      }
    },

    async check() {
      await mkdir(base, { recursive: true });
      const probe = join(base, `.health-${randomUUID()}`);
      await writeFile(probe, 'ok');
      await rm(probe);
    },
  };
}
