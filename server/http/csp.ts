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

/** Sources read per response (site settings staff can change while the process runs). */
export type DynamicSources = { connectSources?: () => string[]; imageSources?: () => string[]; frameSources?: () => string[]; formActions?: () => string[] };

export function securityHeaders(options: { production: boolean; connectSources: string[]; frameSources?: string[]; formActions?: string[]; imageSources?: string[]; scriptSources?: string[]; dynamic?: DynamicSources }) {
  const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce}'`;
  const dynamic = options.dynamic ?? {};
  // One space-separated entry (helmet joins entries with spaces); empty when there is nothing to add.
  const sources = (read: (() => string[]) | undefined, map: (value: string) => string = (v) => v) => () => (read ? read().map(map).join(' ') : '');
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
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
        frameSrc: ["'self'", ...(options.frameSources ?? []).map((host) => `https://${host}`), sources(dynamic.frameSources, (host) => `https://${host}`)],
        // Browsers would otherwise upgrade http://ca.localhost requests in development.
        upgradeInsecureRequests: options.production ? [] : null,
      },
    },
    strictTransportSecurity: options.production,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
