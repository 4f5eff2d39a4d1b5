import type { Readable } from 'node:stream';

/**
 * Where uploaded files live: image originals, renditions and documents, under keys such as
 * 'original_images/salmon-1a2b.jpg' or 'renditions/12/w480.webp'. Two drivers: a local directory
 * (DATA_DIR/media, the default) and any S3-compatible object store, because a Heroku-style dyno's
 * disk is wiped on every restart and several dynos must see the same files.
 */
export type MediaStorage = {
  /** For logs and health output: 'local directory /srv/data/media' or 's3://bucket/prefix'. */
  readonly description: string;
  /** Stores a whole object: a reader sees the previous object or the new one, never a part. */
  put(key: string, body: Buffer | Readable, options: { size: number; contentType?: string }): Promise<void>;
  /** A stream of the object, or undefined when there is none. */
  open(key: string): Promise<StoredObject | undefined>;
  read(key: string): Promise<Buffer | undefined>;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (all of them without one). */
  list(prefix?: string): AsyncIterable<{ key: string; size: number }>;
  /** Proves the storage takes a write and a delete (the health check). */
  check(): Promise<void>;
};

export type StoredObject = { body: Readable; size: number; lastModified?: Date };

/** Thrown when the storage cannot be reached (an object store's outage): answered with 503. */
export class MediaStorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MediaStorageUnavailableError';
  }
}

const KEY = /^[A-Za-z0-9_][A-Za-z0-9._-]*(\/[A-Za-z0-9_][A-Za-z0-9._-]*)*$/;

/**
 * Keys are relative paths of plain segments: no '..', no leading or doubled '/', no hidden
 * files, nothing that could reach outside the media root on disk or mean something else in S3.
 */
export function checkedKey(key: string): string {
  if (key.length > 512 || !KEY.test(key) || key.split('/').some((segment) => segment === '.' || segment === '..')) {
    throw new Error(`Invalid media key: ${JSON.stringify(key)}`);
  }
  return key;
}

/** Folder-like prefixes end with '/', or are empty. */
export function checkedPrefix(prefix: string): string {
  if (prefix === '') return prefix;
  if (!prefix.endsWith('/')) throw new Error(`Invalid media prefix (must end with '/'): ${JSON.stringify(prefix)}`);
  checkedKey(prefix.slice(0, -1));
  return prefix;
}
