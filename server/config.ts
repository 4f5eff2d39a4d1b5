import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_EMBED_HOSTS } from '../shared/embeds/allow-list';

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
  // The map page's vector tile style (https JSON). Unset: a plain local background, no tiles.
  MAP_STYLE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  // security.txt's Contact (a mailto: or https: URI); a default is used when unset.
  SECURITY_CONTACT: optionalText.pipe(z.string().regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https:// URI').optional()),
  COMMIT_ID: optionalText,
  BRANCH: optionalText,
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Hosts that iframe/embed blocks may show and the CSP's frame-src allows (comma-separated).
  // Outgoing mail (password reset). Without it, messages are written to DATA_DIR/mail/.
  SMTP_URL: optionalText.pipe(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional()),
  EMBED_ALLOWED_HOSTS: z
    .string()
    .default(DEFAULT_EMBED_HOSTS.join(','))
    .transform((value) => value.split(',').map((host) => host.trim().toLowerCase()).filter(Boolean))
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
  mapStyleUrl: string | undefined;
  securityContact: string | undefined;
  commitId: string;
  branch: string;
  webConcurrency: number;
  logLevel: string;
  embedAllowedHosts: string[];
  smtpUrl: string | undefined;
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
  if (!values.DATABASE_URL && values.WEB_CONCURRENCY > 1) {
    // PGlite is a single-process database: several workers cannot share its files.
    throw new ConfigError('Invalid environment variable WEB_CONCURRENCY: must be 1 without DATABASE_URL (the embedded database serves one process)');
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
    mapStyleUrl: values.MAP_STYLE_URL,
    securityContact: values.SECURITY_CONTACT,
    commitId: values.COMMIT_ID ?? gitOutput(['rev-parse', 'HEAD']) ?? 'unknown',
    branch: values.BRANCH ?? gitOutput(['rev-parse', '--abbrev-ref', 'HEAD']) ?? 'unknown',
    webConcurrency: values.WEB_CONCURRENCY,
    logLevel: values.NODE_ENV === 'test' && !env.LOG_LEVEL ? 'silent' : values.LOG_LEVEL,
    embedAllowedHosts: values.EMBED_ALLOWED_HOSTS,
    smtpUrl: values.SMTP_URL,
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
    const out = execFileSync('git', args, { stdio: ['ignore', 'pipe', 'ignore'], timeout: 2000 }).toString().trim();
    return out || undefined;
  } catch {
    return undefined;
  }
}
