import { Transform } from 'node:stream';
import { Router, type Request, type Response } from 'express';
import * as z from 'zod';
import type { Db } from '../../db';
import { notFound } from '../../errors';
import type { MediaStorage, StoredObject } from '../../storage/media-storage';
import { streamBody } from '../../http/stream-body';
import type { CollectionGate } from '../privacy/collection-gate';
import { openDocument } from './service';

const paramsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
  filename: z.string().min(1).max(200),
});

/** One 'bytes=a-b' range within `size`, or null for none / 'unsatisfiable' for a bad one. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges or another unit: serve the whole file (allowed by RFC 9110).
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** Passes bytes start..end (inclusive) of a stream through. */
function slice(start: number, end: number): Transform {
  let offset = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const from = Math.max(0, start - offset);
      const to = Math.min(chunk.length, end + 1 - offset);
      offset += chunk.length;
      callback(null, from < to ? chunk.subarray(from, to) : undefined);
    },
  });
}

/**
 * Sends a stored object whose headers (type, caching) are already set: Last-Modified, Accept-Ranges
 * and a single byte range (206, or 416 for one outside the file), HEAD without a body. A storage
 * that fails mid-stream cuts the connection (the client sees a short body, never a wrong one).
 * Shared by the documents and the videos (a player seeks with ranges).
 */
export async function sendStoredObject(req: Request, res: Response, object: StoredObject, what: string): Promise<void> {
  res.set('Accept-Ranges', 'bytes');
  if (object.lastModified) res.set('Last-Modified', object.lastModified.toUTCString());
  const range = parseRange(req.headers.range, object.size);
  if (range === 'unsatisfiable') {
    object.body.destroy();
    res.status(416).set('Content-Range', `bytes */${object.size}`).end();
    return;
  }
  if (req.method === 'HEAD') {
    object.body.destroy();
    res
      .set('Content-Length', String(range ? range.end - range.start + 1 : object.size))
      .status(range ? 206 : 200)
      .end();
    return;
  }
  if (range)
    res.status(206).set({
      'Content-Range': `bytes ${range.start}-${range.end}/${object.size}`,
      'Content-Length': String(range.end - range.start + 1),
    });
  else res.set('Content-Length', String(object.size));
  await streamBody(req, res, what, object.body, ...(range ? [slice(range.start, range.end)] : []));
}

export const asciiName = (name: string) => name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');

/**
 * GET /documents/{id}/{filename}: the stored file with its recognised type, `nosniff`, a
 * Content-Disposition naming it, and single byte ranges (a PDF viewer reads large files in parts).
 */
export function documentRoutes(db: Db, storage: MediaStorage, gate: CollectionGate): Router {
  const router = Router();
  router.get('/documents/:id/:filename', async (req: Request<{ id: string; filename: string }>, res) => {
    const params = paramsSchema.safeParse(req.params);
    if (!params.success) throw notFound('No such document.');
    const found = await openDocument(db, storage, params.data.id, params.data.filename);
    if (!found) throw notFound('No such document.');
    const { document, object } = found;
    // A document in a private collection: only to visitors its restriction lets in, never cached.
    const access = await gate(req, res, document.collection_id);
    if (access === 'answered') {
      object.body.destroy();
      return;
    }
    const inline = document.mimetype === 'application/pdf' || document.mimetype.startsWith('image/');
    res.set({
      'Content-Type': document.mimetype,
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${asciiName(document.file_name)}"; filename*=UTF-8''${encodeURIComponent(document.file_name)}`,
      'Cache-Control': access === 'public' ? 'public, max-age=3600' : 'private, no-store',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    });
    await sendStoredObject(req, res, object, 'document');
  });
  return router;
}
