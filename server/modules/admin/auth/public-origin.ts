import type { Request, Response } from 'express';
import type { Db } from '../../../db';
import { resolveRequestSite } from '../../pages/request-site';

/**
 * The origin to put in e-mailed links: the configured origin of the site the request's host names
 * (the default site for an unknown host), never the Host header itself, so a forged Host cannot
 * make the reset e-mail point at someone else's server (Django guards this with ALLOWED_HOSTS).
 */
export async function publicOrigin(db: Db, req: Request, res: Response): Promise<string> {
  return (await resolveRequestSite(db, req, res)).origin;
}
