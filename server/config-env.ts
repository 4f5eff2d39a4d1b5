import * as z from 'zod';
import { DEFAULT_EMBED_HOSTS } from '../shared/embeds/allow-list';
import { CDN_PURGE_PROVIDERS } from './cdn-purge-config';
import { isTimeZone } from '../shared/admin/local-time';

/**
 * The environment variables the process reads, with their defaults and what each must look like
 * (docs/configuration.md lists them for people). server/config.ts turns the parsed values into
 * the Config the app is given, with the checks that involve several variables.
 */

/** Thrown when the environment cannot be turned into a configuration; its message is one line. */
export class ConfigError extends Error {}

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

export const envSchema = z.object({
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

/** The parsed environment, before it becomes a Config. */
export type ConfigEnv = z.infer<typeof envSchema>;
