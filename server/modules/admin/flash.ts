import type { Request } from 'express';
import 'express-session';

declare module 'express-session' {
  interface SessionData {
    /** One message for the next admin screen (post/redirect/get), as Django's messages. */
    adminFlash?: string;
  }
}

export function setFlash(req: Request, message: string): void {
  req.session.adminFlash = message;
}

/** The pending message, removed once read. */
export function takeFlash(req: Request): string | undefined {
  const message = req.session.adminFlash;
  if (message !== undefined) delete req.session.adminFlash;
  return message;
}
