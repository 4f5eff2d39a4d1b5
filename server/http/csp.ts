import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

/** A fresh nonce per response: the only inline scripts allowed are the ones we render with it. */
export function cspNonce(_req: Request, res: Response, next: NextFunction): void {
  res.locals.cspNonce = randomBytes(16).toString('base64');
  next();
}

export function securityHeaders(options: { production: boolean; connectSources: string[]; frameSources?: string[]; formActions?: string[]; imageSources?: string[] }) {
  const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce}'`;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        // The footer's accessibility report form posts to the configured feedback service.
        formAction: ["'self'", ...(options.formActions ?? [])],
        scriptSrc: ["'self'", nonce],
        styleSrc: ["'self'", nonce],
        // React renders style props as attributes; attributes cannot run code.
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(options.imageSources ?? [])],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...options.connectSources],
        workerSrc: ["'self'", 'blob:'],
        // Iframe and embed blocks: only the configured hosts (EMBED_ALLOWED_HOSTS), over https.
        frameSrc: ["'self'", ...(options.frameSources ?? []).map((host) => `https://${host}`)],
        // Browsers would otherwise upgrade http://ca.localhost requests in development.
        upgradeInsecureRequests: options.production ? [] : null,
      },
    },
    strictTransportSecurity: options.production,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
