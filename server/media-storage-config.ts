import { resolve } from 'node:path';
import { ConfigError, type ConfigEnv } from './config-env';

/**
 * Where media files go, from MEDIA_STORAGE_URL, the S3_* and AWS_* variables, or DATA_DIR/media:
 * the storage settings loadConfig (server/config.ts) checks and server/storage opens.
 */

/** Where an S3-compatible media store keeps files (server/storage/s3-storage.ts). */
export type S3StorageConfig = {
  bucket: string;
  /** Prepended to every key: '' or a path ending with '/'. */
  prefix: string;
  region: string;
  /** An S3-compatible service's URL (MinIO, R2, Spaces...); AWS itself when absent. */
  endpoint?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
};

export type MediaConfig = { driver: 'local'; root: string } | ({ driver: 's3' } & S3StorageConfig);

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;
const REGION = /^[a-z0-9-]{1,32}$/;

/** Where media files go: MEDIA_STORAGE_URL, else S3_BUCKET, else DATA_DIR/media. */
export function mediaConfig(values: ConfigEnv, dataDir: string): MediaConfig {
  let bucket: string | undefined;
  let prefix = values.S3_PREFIX ?? '';
  let params = new URLSearchParams();
  let source = 'S3_BUCKET';
  if (values.MEDIA_STORAGE_URL) {
    source = 'MEDIA_STORAGE_URL';
    let url: URL;
    try {
      url = new URL(values.MEDIA_STORAGE_URL);
    } catch {
      url = new URL('invalid:');
    }
    if (url.protocol !== 's3:' || !url.hostname)
      throw new ConfigError(
        'Invalid environment variable MEDIA_STORAGE_URL: must be an s3://bucket/prefix URL (unset, media stay in DATA_DIR/media)',
      );
    if (url.username || url.password)
      throw new ConfigError(
        'Invalid environment variable MEDIA_STORAGE_URL: put credentials in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, not in the URL',
      );
    bucket = url.hostname;
    prefix = decodeURIComponent(url.pathname.replace(/^\//, ''));
    params = url.searchParams;
    const unknown = [...params.keys()].filter((key) => !['endpoint', 'region', 'forcePathStyle'].includes(key));
    if (unknown.length)
      throw new ConfigError(
        `Invalid environment variable MEDIA_STORAGE_URL: unknown parameter ${unknown[0]} (known: endpoint, region, forcePathStyle)`,
      );
  } else if (values.S3_BUCKET) {
    bucket = values.S3_BUCKET;
  } else {
    return { driver: 'local', root: resolve(dataDir, 'media') };
  }
  if (!BUCKET.test(bucket))
    throw new ConfigError(
      `Invalid environment variable ${source}: '${bucket}' is not a valid bucket name (3-63 lower-case letters, digits, dots and hyphens)`,
    );
  prefix = prefix.replace(/\/+$/, '');
  if (prefix && !prefix.split('/').every((segment) => PREFIX_SEGMENT.test(segment))) {
    throw new ConfigError(
      `Invalid environment variable ${values.MEDIA_STORAGE_URL ? 'MEDIA_STORAGE_URL' : 'S3_PREFIX'}: the key prefix must be folder names of letters, digits, '.', '_' and '-'`,
    );
  }
  const endpoint =
    params.get('endpoint') ?? values.S3_ENDPOINT ?? values.AWS_ENDPOINT_URL_S3 ?? values.AWS_ENDPOINT_URL;
  if (endpoint !== undefined && !/^https?:\/\/[^\s/]+(\/\S*)?$/.test(endpoint))
    throw new ConfigError(`Invalid environment variable ${source}: the endpoint must be an http:// or https:// URL`);
  const region = params.get('region') ?? values.AWS_REGION ?? values.AWS_DEFAULT_REGION ?? 'us-east-1';
  if (!REGION.test(region))
    throw new ConfigError(`Invalid environment variable ${source}: '${region}' is not a region name`);
  const pathStyle = params.get('forcePathStyle') ?? values.S3_FORCE_PATH_STYLE;
  if (pathStyle !== undefined && pathStyle !== 'true' && pathStyle !== 'false')
    throw new ConfigError('Invalid environment variable MEDIA_STORAGE_URL: forcePathStyle must be true or false');
  if (Boolean(values.AWS_ACCESS_KEY_ID) !== Boolean(values.AWS_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      `Missing environment variable ${values.AWS_ACCESS_KEY_ID ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID'}: both or neither must be set`,
    );
  }
  return {
    driver: 's3',
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    region,
    endpoint,
    // S3-compatible servers (MinIO and the like) usually want path-style requests; AWS wants virtual hosts.
    forcePathStyle: pathStyle === undefined ? endpoint !== undefined : pathStyle === 'true',
    credentials:
      values.AWS_ACCESS_KEY_ID && values.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: values.AWS_ACCESS_KEY_ID,
            secretAccessKey: values.AWS_SECRET_ACCESS_KEY,
            ...(values.AWS_SESSION_TOKEN ? { sessionToken: values.AWS_SESSION_TOKEN } : {}),
          }
        : undefined,
  };
}
