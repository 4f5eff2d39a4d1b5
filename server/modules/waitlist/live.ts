import type { Request, Response } from 'express';
import type { Db } from '../../db';
import { eventBusFor } from '../../events';
import * as service from './service';

const HEARTBEAT_MS = 25_000;
/** Changes arriving together (a host seating several parties) make one update. */
const COALESCE_MS = 100;

/**
 * Server-sent events for a screen that follows one restaurant's queue: `send` runs at once, then
 * after every change any dyno announces on PostgreSQL LISTEN/NOTIFY for that restaurant, and
 * after a reconnection of the listener (changes may have been missed).
 */
export async function streamChanges(
  db: Db,
  rlid: number,
  req: Request,
  res: Response,
  send: () => Promise<unknown>,
): Promise<void> {
  res.status(200).set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Accel-Buffering': 'no',
    Connection: 'keep-alive',
  });
  res.flushHeaders();
  res.write('retry: 3000\n\n');
  let closed = false;
  let pending: NodeJS.Timeout | undefined;
  const push = () => {
    if (closed || pending) return;
    pending = setTimeout(() => {
      pending = undefined;
      send().catch(() => undefined);
    }, COALESCE_MS);
  };
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  let unsubscribe: () => void = () => undefined;
  const finish = () => {
    closed = true;
    clearInterval(heartbeat);
    if (pending) clearTimeout(pending);
    unsubscribe();
  };
  req.on('close', finish);
  unsubscribe = await eventBusFor(db).subscribe(
    service.WAITLIST_CHANNEL,
    (payload) => payload === String(rlid) && push(),
    push,
  );
  if (closed) unsubscribe();
  await send();
}

export function writeEvent(res: Response, event: string, data: unknown): void {
  if (res.writableEnded) return;
  res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** The guest page's stream: the entry as GET /api/waitlist/{id}/ returns it, on every change. */
export async function streamEntry(db: Db, publicId: string, req: Request, res: Response): Promise<void> {
  const first = await service.entryByPublicId(db, publicId);
  await streamChanges(db, first.rlid, req, res, async () =>
    writeEvent(res, 'entry', await service.entryByPublicId(db, publicId)),
  );
}
