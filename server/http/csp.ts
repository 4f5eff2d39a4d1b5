import { randomFillSync } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

const NONCE_BYTES = 16;
/**
 * Random bytes for nonces, drawn from the system's generator 256 nonces at a time: one call per
 * response cost more than the nonce's other work. Each byte is handed out once.
 */
const pool = Buffer.alloc(NONCE_BYTES * 256);
let used = pool.length;

/** A fresh nonce per response: the only inline scripts allowed are the ones we render with it. */
export function cspNonce(_req: Request, res: Response, next: NextFunction): void {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  res.locals.cspNonce = pool.toString('base64', used, used + NONCE_BYTES);
  used += NONCE_BYTES;
  next();
}

/**
 * Sources read per response (site settings staff can change while the process runs). A list is
 * taken as unchanged while it is the same array: give a new one when the sources change.
 */
export type DynamicSources = {
  connectSources?: () => readonly string[];
  imageSources?: () => readonly string[];
  frameSources?: () => readonly string[];
  formActions?: () => readonly string[];
};

type Source = string | ((req: Request, res: Response) => string);
type SecurityOptions = {
  production: boolean;
  connectSources: string[];
  frameSources?: string[];
  formActions?: string[];
  imageSources?: string[];
  scriptSources?: string[];
  dynamic?: DynamicSources;
};

/** helmet's options for our policy: the single description of the headers (helmet checks it at start-up). */
export function helmetOptions(options: SecurityOptions) {
  const nonce = (_req: Request, res: Response) => `'nonce-${String(res.locals.cspNonce)}'`;
  const dynamic = options.dynamic ?? {};
  // One space-separated entry (helmet joins entries with spaces); empty when there is nothing to add.
  // The text is made again only when the list is another one (the settings cache keeps its lists).
  const sources = (read: (() => readonly string[]) | undefined, map: (value: string) => string = (v) => v) => {
    let list: readonly string[] | undefined;
    let text = '';
    return () => {
      if (!read) return '';
      const current = read();
      if (current !== list) {
        text = current.map(map).join(' ');
        list = current;
      }
      return text;
    };
  };
  const directives: Record<string, Source[] | null> = {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    // The footer's accessibility report form posts to the configured feedback service.
    formAction: ["'self'", ...(options.formActions ?? []), sources(dynamic.formActions)],
    // A configured captcha origin (CAPTCHA_SCRIPT_ORIGIN) serves the widget's script and styles.
    scriptSrc: ["'self'", nonce, ...(options.scriptSources ?? [])],
    styleSrc: ["'self'", nonce, ...(options.scriptSources ?? [])],
    // React renders style props as attributes; attributes cannot run code.
    styleSrcAttr: ["'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...(options.imageSources ?? []), sources(dynamic.imageSources)],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", ...options.connectSources, sources(dynamic.connectSources)],
    workerSrc: ["'self'", 'blob:'],
    // Iframe and embed blocks: only the allowed hosts (EMBED_ALLOWED_HOSTS or the sites' settings), over https.
    frameSrc: [
      "'self'",
      ...(options.frameSources ?? []).map((host) => `https://${host}`),
      sources(dynamic.frameSources, (host) => `https://${host}`),
    ],
    // Browsers would otherwise upgrade http://ca.localhost requests in development.
    upgradeInsecureRequests: options.production ? [] : null,
  };
  return {
    contentSecurityPolicy: { useDefaults: false as const, directives },
    strictTransportSecurity: options.production,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  };
}

/** The headers a helmet middleware sets, learned once by running it against a recording response. */
function recordedHeaders(
  middleware: (req: never, res: never, next: (error?: unknown) => void) => void,
): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  let finished = false;
  middleware({} as never, recorder as never, (error) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    finished = true;
  });
  if (!finished) throw new Error('a security header middleware did not finish synchronously');
  return headers;
}

/** A directive value helmet would refuse (it could end the directive or smuggle a keyword). */
const QUOTED_KEYWORDS = new Set([
  'none',
  'self',
  'strict-dynamic',
  'report-sample',
  'inline-speculation-rules',
  'unsafe-inline',
  'unsafe-eval',
  'unsafe-hashes',
  'wasm-unsafe-eval',
]);
function invalidSource(value: string): boolean {
  return /[;,]/.test(value) || QUOTED_KEYWORDS.has(value) || /^(?:nonce|sha256|sha384|sha512)-/.test(value);
}

/**
 * Security headers: helmet's, with our Content-Security-Policy (a nonce per response, no
 * 'unsafe-inline' for scripts). helmet runs twelve small middlewares per response and rebuilds
 * the policy from its parts; here what never changes is computed once: the other headers are
 * recorded from helmet at start-up, and the policy is a list of fixed text runs with the few
 * per-response parts (the nonce, the sources staff can change in site settings) in between,
 * checked as helmet checks them. The header values and their order are helmet's
 * (test/unit/security-headers.test.ts compares them).
 */
export function securityHeaders(options: SecurityOptions) {
  const config = helmetOptions(options);
  // helmet validates the policy (names, quoting) and throws on a bad one: at start-up, as before.
  helmet.contentSecurityPolicy(config.contentSecurityPolicy as Parameters<typeof helmet.contentSecurityPolicy>[0]);
  const others = recordedHeaders(helmet({ ...config, contentSecurityPolicy: false }));
  // helmet's format: "name value value;name value": a function's value is added as it is, even when empty.
  const parts: Array<string | ((req: Request, res: Response) => string)> = [];
  let text = '';
  for (const [key, values] of Object.entries(config.contentSecurityPolicy.directives)) {
    if (values === null) continue;
    text += (text || parts.length > 0 ? ';' : '') + key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    for (const value of values) {
      if (typeof value === 'string') text += ` ${value}`;
      else {
        parts.push(`${text} `, value);
        text = '';
      }
    }
  }
  if (text) parts.push(text);
  // The last value each part gave that passed the check: the sources repeat from response to response.
  const checked: Array<string | undefined> = parts.map(() => undefined);
  return function securityHeadersMiddleware(req: Request, res: Response, next: NextFunction): void {
    let policy = '';
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      if (typeof part === 'string') policy += part;
      else {
        const value = part(req, res);
        if (value !== checked[i]) {
          if (invalidSource(value))
            return next(new Error('Content-Security-Policy received an invalid directive value'));
          checked[i] = value;
        }
        policy += value;
      }
    }
    res.setHeader('Content-Security-Policy', policy);
    for (const [name, value] of others) res.setHeader(name, value);
    next();
  };
}
