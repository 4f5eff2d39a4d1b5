import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_EMBED_HOSTS } from '../shared/embeds/allow-list';
import { CDN_PURGE_PROVIDERS, purgeUrlProblem, type CdnPurgeProvider } from './cdn-purge-config';
import { isTimeZone } from '../shared/admin/local-time';

/** Thrown when the environment cannot be turned into a configuration; its message is one line. */
export class ConfigError extends Error {}

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  SESSION_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_USERNAME: z.string().trim().min(1).max(150).default('admin'),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  PUBLIC_SENTRY_DSN: optionalText.pipe(z.url().optional()),
  // The external accessibility feedback service the footer's report form posts to.
  A11Y_FEEDBACK_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  // Where the captcha widget's script and styles load from (an origin, no path). Unset: this site.
  CAPTCHA_SCRIPT_ORIGIN: optionalText.pipe(
    z
      .url({ protocol: /^https?$/ })
      .transform((url) => new URL(url).origin)
      .optional(),
  ),
  // The map page's vector tile style (https JSON). Unset: a plain local background, no tiles.
  MAP_STYLE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  // A Protomaps PMTiles v3 archive of vector tiles (a file path, or an https URL read with range
  // requests) served as the map page's base map through the site's own tile URLs.
  MAP_PMTILES: optionalText.pipe(
    z
      .string()
      .refine(
        (value) =>
          !/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ||
          /^https:\/\/\S+$/i.test(value) ||
          /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?\//i.test(value),
        'must be a file path or an https:// URL (plain http only on localhost)',
      )
      .optional(),
  ),
  // security.txt's Contact (a mailto: or https: URI); a default is used when unset.
  SECURITY_CONTACT: optionalText.pipe(
    z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https:// URI')
      .optional(),
  ),
  COMMIT_ID: optionalText,
  BRANCH: optionalText,
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  // After SIGTERM, how long in-flight requests may take before they get a 503; every process is
  // gone at most 5 s later. 25 s fits Heroku's SIGKILL at 30 s; raise it with a platform's grace period.
  SHUTDOWN_GRACE_SECONDS: z.coerce
    .number<string>('must be a number of seconds from 1 to 600')
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1 second')
    .max(600, 'must be at most 600 seconds')
    .default(25),
  // The in-memory page cache's bound per process, in megabytes; 0 turns the cache off.
  PAGE_CACHE_MB: z.coerce.number().min(0).max(4096).default(64),
  // How often the page cache logs its counters and the process's memory (one line), in seconds.
  PAGE_CACHE_REPORT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // A CDN purge endpoint called (POST, JSON {"keys": [...]}) with the Surrogate-Keys of what changed.
  CDN_PURGE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  // Sent as X-Purge-Secret with every purge (the shipped Varnish configuration's EDGE_PURGE_SECRET).
  CDN_PURGE_SECRET: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  // The purge's shape (server/cache/cdn-purge-requests.ts): the shipped Varnish's, Fastly's or Cloudflare's API.
  CDN_PURGE_PROVIDER: z.enum(CDN_PURGE_PROVIDERS).default('varnish'),
  // How many reverse proxies stand in front of the app: X-Forwarded-For/-Proto/-Host are read only
  // from that many hops. Unset: 1 in production (a platform router), 0 elsewhere.
  TRUST_PROXY: optionalText.pipe(
    z.coerce
      .number<string>('must be a number of proxies from 0 to 10')
      .int('must be a whole number of proxies')
      .min(0)
      .max(10)
      .optional(),
  ),
  // The site's time zone (an IANA name, Django's TIME_ZONE): the back office prints times in it for
  // users who have not chosen their own in their account. Times are stored in UTC either way.
  TIME_ZONE: z
    .string()
    .trim()
    .default('UTC')
    .refine(isTimeZone, 'must be an IANA time zone name such as America/New_York, or UTC'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // 'pretty' (one readable line per entry) or 'json' (one object per line, for a log drain or a
  // program reading the output). Unset: pretty in development, JSON otherwise.
  LOG_FORMAT: optionalText.pipe(z.enum(['pretty', 'json'], "must be 'pretty' or 'json'").optional()),
  // Outgoing mail (password reset). Without it, messages are written to DATA_DIR/mail/.
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  // Media storage: an s3://bucket/prefix?endpoint=&region=&forcePathStyle= URL, or the S3_* /
  // AWS_* variables below; neither: the local directory DATA_DIR/media.
  MEDIA_STORAGE_URL: optionalText,
  S3_BUCKET: optionalText,
  S3_PREFIX: optionalText,
  S3_ENDPOINT: optionalText,
  S3_FORCE_PATH_STYLE: optionalText.pipe(z.enum(['true', 'false']).optional()),
  AWS_ENDPOINT_URL_S3: optionalText,
  AWS_ENDPOINT_URL: optionalText,
  AWS_REGION: optionalText,
  AWS_DEFAULT_REGION: optionalText,
  AWS_ACCESS_KEY_ID: optionalText,
  AWS_SECRET_ACCESS_KEY: optionalText,
  AWS_SESSION_TOKEN: optionalText,
  // Upload limits in megabytes (10^6 bytes): past them an upload answers 413 and nothing is kept.
  MAX_IMAGE_UPLOAD_MB: z.coerce.number().positive().max(10_000).default(20),
  MAX_DOCUMENT_UPLOAD_MB: z.coerce.number().positive().max(10_000).default(100),
  MAX_VIDEO_UPLOAD_MB: z.coerce.number().positive().max(10_000).default(100),
  // Document types accepted (decided by the file's bytes), as extensions, comma-separated.
  DOCUMENT_EXTENSIONS: z
    .string()
    .default('pdf,docx,xlsx,zip,jpg,png,gif,webp,avif')
    .transform((value) =>
      value
        .split(',')
        .map((ext) => ext.trim().toLowerCase().replace(/^\./, ''))
        .filter(Boolean),
    )
    .pipe(
      z
        .array(
          z.enum(
            ['pdf', 'docx', 'xlsx', 'zip', 'jpg', 'png', 'gif', 'webp', 'avif'],
            'must be comma-separated extensions among pdf, docx, xlsx, zip, jpg, png, gif, webp, avif',
          ),
        )
        .min(1),
    ),
  // Hosts that iframe/embed blocks may show and the CSP's frame-src allows (comma-separated).
  EMBED_ALLOWED_HOSTS: z
    .string()
    .default(DEFAULT_EMBED_HOSTS.join(','))
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[a-z0-9.-]+(:\d+)?$/, 'must be comma-separated host names'))),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  sessionSecret: string;
  admin: { username: string; password: string; passwordIsDefault: boolean };
  sentryDsn: string | undefined;
  a11yFeedbackUrl: string | undefined;
  /** The captcha widget's script origin; undefined means this site (self-hosted). */
  captchaScriptOrigin?: string;
  mapStyleUrl: string | undefined;
  /** MAP_PMTILES: an archive's https URL or absolute file path (opened and checked by main.ts). */
  mapPmtiles?: string;
  securityContact: string | undefined;
  commitId: string;
  branch: string;
  webConcurrency: number;
  /** After SIGTERM: in-flight requests get this long, then a 503; every process exits within it + 5 s. */
  shutdownGraceMs: number;
  /** The page cache's bound in bytes per process (server/cache/); 0 turns it off. Default 64 MB. */
  pageCacheMaxBytes?: number;
  /** Seconds between the page cache's log lines (hits, misses, entries, bytes, memory). Default 60. */
  pageCacheReportSeconds?: number;
  /**
   * Runs `again` once a write has settled: the page cache then invalidates what the write touched
   * once more (an answer built between the write and its commit holds old rows). Default: a
   * second later. Not read from the environment: tests pass their own, to settle writes when they
   * choose instead of waiting a second.
   */
  pageCacheSettle?: (again: () => void) => void;
  /** Called with the Surrogate-Keys of changed content (through the jobs table, so retried). */
  cdnPurgeUrl?: string;
  /** Sent as X-Purge-Secret with each purge (Varnish), or the provider's API token (Fastly, Cloudflare). */
  cdnPurgeSecret?: string;
  /** The purge's request shape: the shipped Varnish configuration's, Fastly's or Cloudflare's API. */
  cdnPurgeProvider: CdnPurgeProvider;
  /** Reverse proxies in front of the app whose X-Forwarded-* headers are believed (Express's hop count). */
  trustProxy: number;
  /** The site's time zone (TIME_ZONE): the admin's times for users without their own. Default UTC. */
  timeZone?: string;
  logLevel: string;
  /** One readable line per entry (a person at a terminal) rather than JSON lines. */
  logPretty: boolean;
  embedAllowedHosts: string[];
  smtpUrl: string | undefined;
  media: MediaConfig;
  uploads: UploadLimits;
};

/** Upload limits in bytes and the document allow-list (extensions, decided by the bytes). */
export type UploadLimits = {
  maxImageBytes: number;
  maxDocumentBytes: number;
  maxVideoBytes: number;
  documentExtensions: string[];
};

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  maxImageBytes: 20_000_000,
  maxDocumentBytes: 100_000_000,
  maxVideoBytes: 100_000_000,
  documentExtensions: ['pdf', 'docx', 'xlsx', 'zip', 'jpg', 'png', 'gif', 'webp', 'avif'],
};

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

const DEVELOPMENT_ADMIN_PASSWORD = 'harborline-admin';

/**
 * Reads the environment once at start-up. Every problem becomes a ConfigError whose
 * message names the variable, so a misconfigured dyno fails with one readable line.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid environment variable ${name}: ${issue?.message ?? 'invalid value'}`);
  }
  const values = parsed.data;
  const production = values.NODE_ENV === 'production';
  const dataDir = resolve(values.DATA_DIR);

  if (production && !values.SESSION_SECRET) {
    throw new ConfigError('Missing environment variable SESSION_SECRET: required when NODE_ENV=production');
  }
  if (production && !values.ADMIN_PASSWORD) {
    throw new ConfigError('Missing environment variable ADMIN_PASSWORD: required when NODE_ENV=production');
  }
  if (values.CDN_PURGE_URL && values.CDN_PURGE_PROVIDER !== 'varnish') {
    const problem = purgeUrlProblem(values.CDN_PURGE_PROVIDER, values.CDN_PURGE_URL);
    if (problem) throw new ConfigError(`Invalid environment variable CDN_PURGE_URL: ${problem}`);
    if (!values.CDN_PURGE_SECRET)
      throw new ConfigError(
        `Missing environment variable CDN_PURGE_SECRET: the ${values.CDN_PURGE_PROVIDER === 'fastly' ? 'Fastly API token (sent as Fastly-Key)' : 'Cloudflare API token (sent as Authorization: Bearer)'} is required with CDN_PURGE_PROVIDER=${values.CDN_PURGE_PROVIDER}`,
      );
  }
  if (values.MAP_STYLE_URL && values.MAP_PMTILES) {
    throw new ConfigError(
      'Invalid environment variable MAP_PMTILES: set MAP_STYLE_URL (a tile service) or MAP_PMTILES (an archive the site serves), not both',
    );
  }
  if (!values.DATABASE_URL && values.WEB_CONCURRENCY > 1) {
    // PGlite is a single-process database: several workers cannot share its files.
    throw new ConfigError(
      'Invalid environment variable WEB_CONCURRENCY: must be 1 without DATABASE_URL (the embedded database serves one process)',
    );
  }

  return {
    env: values.NODE_ENV,
    port: values.PORT,
    databaseUrl: values.DATABASE_URL,
    dataDir,
    sessionSecret: values.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    admin: {
      username: values.ADMIN_USERNAME,
      password: values.ADMIN_PASSWORD ?? DEVELOPMENT_ADMIN_PASSWORD,
      passwordIsDefault: !values.ADMIN_PASSWORD,
    },
    sentryDsn: values.PUBLIC_SENTRY_DSN,
    a11yFeedbackUrl: values.A11Y_FEEDBACK_URL,
    captchaScriptOrigin: values.CAPTCHA_SCRIPT_ORIGIN,
    mapStyleUrl: values.MAP_STYLE_URL,
    mapPmtiles:
      values.MAP_PMTILES && !/^https?:\/\//i.test(values.MAP_PMTILES)
        ? resolve(values.MAP_PMTILES)
        : values.MAP_PMTILES,
    securityContact: values.SECURITY_CONTACT,
    commitId: values.COMMIT_ID ?? gitOutput(['rev-parse', 'HEAD']) ?? 'unknown',
    branch: values.BRANCH ?? gitOutput(['rev-parse', '--abbrev-ref', 'HEAD']) ?? 'unknown',
    webConcurrency: values.WEB_CONCURRENCY,
    shutdownGraceMs: values.SHUTDOWN_GRACE_SECONDS * 1000,
    pageCacheMaxBytes: Math.round(values.PAGE_CACHE_MB * 1024 * 1024),
    pageCacheReportSeconds: values.PAGE_CACHE_REPORT_SECONDS,
    cdnPurgeUrl: values.CDN_PURGE_URL,
    cdnPurgeSecret: values.CDN_PURGE_SECRET,
    cdnPurgeProvider: values.CDN_PURGE_PROVIDER,
    trustProxy: values.TRUST_PROXY ?? (production ? 1 : 0),
    timeZone: values.TIME_ZONE,
    logLevel: values.NODE_ENV === 'test' && !env.LOG_LEVEL ? 'silent' : values.LOG_LEVEL,
    logPretty: (values.LOG_FORMAT ?? (values.NODE_ENV === 'development' ? 'pretty' : 'json')) === 'pretty',
    embedAllowedHosts: values.EMBED_ALLOWED_HOSTS,
    smtpUrl: values.SMTP_URL,
    media: mediaConfig(values, dataDir),
    uploads: {
      maxImageBytes: Math.round(values.MAX_IMAGE_UPLOAD_MB * 1_000_000),
      maxDocumentBytes: Math.round(values.MAX_DOCUMENT_UPLOAD_MB * 1_000_000),
      maxVideoBytes: Math.round(values.MAX_VIDEO_UPLOAD_MB * 1_000_000),
      documentExtensions: values.DOCUMENT_EXTENSIONS,
    },
  };
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;
const REGION = /^[a-z0-9-]{1,32}$/;

/** Where media files go: MEDIA_STORAGE_URL, else S3_BUCKET, else DATA_DIR/media. */
function mediaConfig(values: z.infer<typeof envSchema>, dataDir: string): MediaConfig {
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

/** Outside production the secret is generated once and kept, so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = resolve(dataDir, 'session-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function gitOutput(args: string[]): string | undefined {
  try {
    const out = execFileSync('git', args, { stdio: ['ignore', 'pipe', 'ignore'], timeout: 2000 })
      .toString()
      .trim();
    return out || undefined;
  } catch {
    return undefined;
  }
}
