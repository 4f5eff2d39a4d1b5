import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../media-storage-config';
import { checkedKey, checkedPrefix, MediaStorageUnavailableError, type MediaStorage } from './media-storage';

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * The store's own refusals (a wrong bucket, no permission) are configuration errors and stay
 * 500s; a store that cannot be reached or answers 5xx is an outage, answered 503 like the database's.
 */
function translated(error: unknown, action: string): unknown {
  const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
  const code = (error as { code?: unknown } | undefined)?.code;
  const unreachable =
    (status !== undefined && status >= 500) ||
    (typeof code === 'string' && NETWORK_CODES.has(code)) ||
    (error as Error | undefined)?.name === 'TimeoutError';
  return unreachable
    ? new MediaStorageUnavailableError(`Object store unavailable (${action}): ${(error as Error).message}`, {
        cause: error,
      })
    : error;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Any S3-compatible object store through the AWS SDK v3. Keys map to `prefix + key`. */
export function s3MediaStorage(config: S3StorageConfig): MediaStorage {
  // The pinned SDK runs on Node 20; the notice is about later releases, which we do not take.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 requires them: several S3-compatible stores reject the newer
    // default CRC headers, and a single PUT of a known length needs none.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const objectKey = (key: string) => config.prefix + checkedKey(key);

  const run = async <T>(action: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw translated(error, action);
    }
  };

  const storage: MediaStorage = {
    description: `s3://${Bucket}/${config.prefix}${config.endpoint ? ` at ${config.endpoint}` : ''}`,

    // One PUT: S3 makes the object visible whole or not at all, so no temporary object is needed.
    async put(key, body, options) {
      const Key = objectKey(key);
      await run('put', () =>
        client.send(
          new PutObjectCommand({
            Bucket,
            Key,
            Body: body,
            ContentLength: options.size,
            ContentType: options.contentType,
          }),
        ),
      );
    },

    async open(key) {
      const Key = objectKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key }));
        if (!(object.Body instanceof Readable)) throw new Error('The object store returned no readable body');
        return { body: object.Body, size: object.ContentLength ?? 0, lastModified: object.LastModified };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw translated(error, 'get');
      }
    },

    async read(key) {
      const object = await storage.open(key);
      if (!object) return undefined;
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },

    async exists(key) {
      const Key = objectKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw translated(error, 'head');
      }
    },

    async remove(key) {
      const Key = objectKey(key);
      await run('delete', () => client.send(new DeleteObjectCommand({ Bucket, Key })));
    },

    async *list(prefix = '') {
      const Prefix = config.prefix + checkedPrefix(prefix);
      let ContinuationToken: string | undefined;
      do {
        const page = await run('list', () =>
          client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken })),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key || object.Key.endsWith('/')) continue;
          const key = object.Key.slice(config.prefix.length);
          if (key.split('/').some((segment) => segment.startsWith('.'))) continue;
          yield { key, size: object.Size ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async check() {
      const probe = `.health/${randomUUID()}`;
      await run('health check', async () => {
        await client.send(new PutObjectCommand({ Bucket, Key: config.prefix + probe, Body: 'ok', ContentLength: 2 }));
        await client.send(new DeleteObjectCommand({ Bucket, Key: config.prefix + probe }));
      });
    },
  };
  return storage;
}
