import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { purgeUrlProblem, type CdnPurgeProvider } from './cdn-purge-config';
import { ConfigError, envSchema } from './config-env';
import { mediaConfig, type MediaConfig } from './media-storage-config';

// Thrown when the environment cannot be turned into a configuration (defined with the variables it names).
export { ConfigError };

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
