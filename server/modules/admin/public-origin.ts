import type { Request } from 'express';
import type { Db } from '../../db';
import { listSites } from '../sites/repo';

/**
 * The origin to put in e-mailed links. The Host header is only trusted when it names a
 * configured site; otherwise the default site's host is used, so a forged Host cannot make the
 * reset e-mail point at someone else's server (Django guards this with ALLOWED_HOSTS).
 */
export async function publicOrigin(db: Db, req: Request): Promise<string> {
  const sites = await listSites(db);
  const host = (req.get('host') ?? '').toLowerCase();
  const [hostname = '', portText] = host.split(':');
  const port = portText ? Number(portText) : req.protocol === 'https' ? 443 : 80;
  const known = sites.some((site) => site.hostname === hostname && (site.port === port || sites.filter((s) => s.hostname === hostname).length === 1));
  if (known) return `${req.protocol}://${host}`;
  const fallback = sites.find((site) => site.is_default_site) ?? sites[0];
  if (!fallback) return `${req.protocol}://localhost`;
  const scheme = fallback.port === 443 ? 'https' : 'http';
  const portPart = fallback.port === 80 || fallback.port === 443 ? '' : `:${fallback.port}`;
  return `${scheme}://${fallback.hostname}${portPart}`;
}
