import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import type { Db } from '../db';
import { HttpError } from '../errors';
import { releaseUploadSlot, takeUploadSlot } from '../modules/upload-slots/service';

/** A file received to a temporary path; removed when the response ends, whatever happened. */
export type UploadedFile = { path: string; originalName: string; size: number };

export type UploadOptions = {
  db: Db;
  maxBytes: number;
  maxFiles?: number;
  /** The largest text field in bytes (default 10,000; the caption form takes pasted WebVTT). */
  maxFieldBytes?: number;
  /** Where files go: a temporary directory (DATA_DIR/tmp/uploads), or memory for small imports. */
  to: { disk: string } | { memory: true; field: string };
  /** The answers for a file over the limit and for a body that cannot be read. */
  messages?: { tooLarge?: string; unreadable?: string };
};

export const megabytes = (bytes: number) => `${Number((bytes / 1_000_000).toPrecision(3))} MB`;

export const isMultipart = (req: Request) => /^multipart\//i.test(req.headers['content-type'] ?? '');

/**
 * Mounted at the top of the back office: a multipart request is answered with `Connection: close`
 * unless an upload route accepts its body, so a request refused on its headers (no session, no
 * permission, a bad token, too many uploads) does not keep the server reading a body it will
 * not use. receiveUpload removes the header once it starts reading.
 */
export function closeUnreadMultipart(req: Request, res: Response, next: NextFunction): void {
  if (req.method === 'POST' && isMultipart(req)) res.setHeader('Connection', 'close');
  next();
}

/**
 * Receives one upload form's multipart body: a route middleware placed after the session, the
 * login check, the CSRF check and the route's permission check, so only someone allowed to
 * upload gets a byte read. It holds one of the user's upload slots (a cap kept in the database,
 * so it holds across processes), enforces the size limit while streaming (multer stops at the
 * limit and the request answers 413), and removes every temporary file it created when the
 * response ends, whatever happened (the services copy what they keep into the media storage).
 */
export function receiveUpload(options: UploadOptions): RequestHandler {
  const maxFiles = options.maxFiles ?? 10;
  const limits = {
    fileSize: options.maxBytes,
    files: maxFiles,
    fields: 20,
    parts: 40,
    fieldSize: options.maxFieldBytes ?? 10_000,
  };
  const created = new WeakMap<Request, string[]>();
  const overLimit = new WeakMap<Request, () => void>();
  const to = options.to;
  if ('disk' in to) mkdirSync(to.disk, { recursive: true });
  const inner =
    'disk' in to
      ? multer.diskStorage({
          destination: to.disk,
          filename: (req, _file, done) => {
            const name = `upload-${randomBytes(12).toString('hex')}`;
            // Recorded before the file is opened: whatever happens next, it is removed.
            created.get(req)?.push(join(to.disk, name));
            done(null, name);
          },
        })
      : multer.memoryStorage();
  // multer reports a file past the limit only once the client has sent the rest of that part;
  // the limit event lets the answer go out at once instead.
  const storage: multer.StorageEngine = {
    _handleFile(req, file, done) {
      file.stream.once('limit', () => overLimit.get(req)?.());
      inner._handleFile(req, file, done);
    },
    _removeFile: (req, file, done) => inner._removeFile(req, file, done),
  };
  const parse =
    'disk' in to
      ? multer({ storage, limits }).array('file', maxFiles)
      : multer({ storage, limits: { ...limits, files: 1 } }).single(to.field);

  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (req.method !== 'POST' || !isMultipart(req)) return next();
    const user = req.user;
    // The routes mount this after the login check; without a user nothing is read.
    if (!user) throw new HttpError(403, 'forbidden', 'Sign in to upload files.');
    const slot = await takeUploadSlot(options.db, user.id);
    if (slot === undefined) {
      res.set('Retry-After', '5');
      throw new HttpError(
        429,
        'too_many_uploads',
        'Too many uploads at once: wait for the others to finish, then try again. Nothing was saved.',
      );
    }
    const paths: string[] = [];
    created.set(req, paths);
    let closed = false;
    const removeFiles = () => {
      for (const path of paths.splice(0)) void unlink(path).catch(() => {});
    };
    res.once('close', () => {
      closed = true;
      void releaseUploadSlot(options.db, slot).catch((error: unknown) =>
        req.log.warn({ err: error }, 'upload slot not released (it lapses by itself)'),
      );
      // A client that left mid-file: multer may still open a file after this, so the parse's
      // end removes files again.
      removeFiles();
    });
    res.removeHeader('Connection');
    let settled = false;
    const settle = (error: unknown) => {
      if (closed) removeFiles();
      if (settled) return;
      settled = true;
      if (!error) {
        req.uploads = ((req.files ?? []) as Express.Multer.File[]).map((file) => ({
          path: file.path,
          originalName: file.originalname,
          size: file.size,
        }));
        return next();
      }
      const code = error instanceof multer.MulterError ? error.code : undefined;
      // The client may still be sending: answer now and stop reading.
      res.set('Connection', 'close');
      next(
        code === 'LIMIT_FILE_SIZE'
          ? new HttpError(
              413,
              'file_too_large',
              options.messages?.tooLarge ??
                `The file is larger than the limit of ${megabytes(options.maxBytes)}. Nothing was saved.`,
            )
          : new HttpError(
              400,
              'bad_upload',
              code === 'LIMIT_FILE_COUNT'
                ? `Upload at most ${maxFiles} files at once.`
                : (options.messages?.unreadable ?? 'The upload could not be read. Nothing was saved.'),
            ),
      );
    };
    overLimit.set(req, () => settle(new multer.MulterError('LIMIT_FILE_SIZE')));
    parse(req, res, settle);
  };
}

export const uploadDir = (dataDir: string) => join(dataDir, 'tmp', 'uploads');

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Files received by receiveUpload, already on disk. */
      uploads?: UploadedFile[];
    }
  }
}
