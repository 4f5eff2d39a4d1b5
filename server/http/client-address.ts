import type { Request } from 'express';

/**
 * The client's address for per-address limits: the socket's peer, or with TRUST_PROXY=n the
 * address the n-th proxy saw (Express's req.ip). requestGuards has refused requests whose
 * forwarded address is not an IP, so this is always one.
 */
export function clientAddress(req: Request): string {
  // IPv4 clients on a dual-stack socket appear as ::ffff:a.b.c.d; one client, one key.
  return (req.ip ?? 'unknown').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
}
