import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

/** A fresh nonce per response: the only inline scripts allowed are the ones we render with it. */
export function cspNonce(_req: Request, res: Response, next: NextFunction): void {
  res.locals.cspNonce = randomBytes(16).toString('base64');
  next();
}

export function securityHeaders(options: { production: boolean; connectSources: string[] }) {
  const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce}'`;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", nonce],
        styleSrc: ["'self'", nonce],
        // React renders style props as attributes; attributes cannot run code.
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...options.connectSources],
        workerSrc: ["'self'", 'blob:'],
        // Browsers would otherwise upgrade http://ca.localhost requests in development.
        upgradeInsecureRequests: options.production ? [] : null,
      },
    },
    strictTransportSecurity: options.production,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
