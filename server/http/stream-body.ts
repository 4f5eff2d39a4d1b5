import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';

/** Whether a pipeline into `res` failed only because the visitor left (closed the tab, seeked a video, cancelled a lazy image). */
function clientLeft(res: Response, error: unknown): boolean {
  return (
    res.destroyed &&
    !res.writableFinished &&
    (error as NodeJS.ErrnoException | null)?.code === 'ERR_STREAM_PREMATURE_CLOSE'
  );
}

/**
 * Streams a stored body to the answer. A storage that fails mid-stream leaves a short body: the
 * connection is cut so no client (or cache) keeps it as the whole file, and the failure is a
 * warning naming `what`. A visitor who leaves mid-download is no failure: the request log's
 * "request aborted" line already says so.
 */
export async function streamBody(
  req: Request,
  res: Response,
  what: string,
  body: Readable,
  ...through: Transform[]
): Promise<void> {
  try {
    await pipeline([body, ...through, res]);
  } catch (error) {
    if (clientLeft(res, error)) return;
    req.log.warn({ err: error }, `${what} stream failed`);
    res.destroy();
  }
}
