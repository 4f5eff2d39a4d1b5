import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import { HttpError } from '../errors';

/** A file received to a temporary path; removed when the response ends, whatever happened. */
export type UploadedFile = { path: string; originalName: string; size: number };

export type UploadOptions = {
  /** Temporary directory for files being received (DATA_DIR/tmp/uploads). */
  dir: string;
  maxBytes: number;
  /** Which requests carry files: e.g. POST /documents/multiple/add/. */
  matches(req: Request): boolean;
  maxFiles?: number;
  /** The largest text field in bytes (default 10,000; the caption form takes pasted WebVTT). */
  maxFieldBytes?: number;
};

export const megabytes = (bytes: number) => `${Number((bytes / 1_000_000).toPrecision(3))} MB`;

/**
 * Streams a multipart upload to disk under a size limit, before the session stack (so the CSRF
 * check finds the form's token field). Past the limit the request answers 413 and multer removes
 * the partial file; every received file is removed when the response ends (the services copy
 * what they keep into the media storage), so nothing half-written is left behind.
 */
export function uploadMiddleware(options: UploadOptions) {
  mkdirSync(options.dir, { recursive: true });
  const upload = multer({
    storage: multer.diskStorage({
      destination: options.dir,
      filename: (_req, _file, done) => done(null, `upload-${randomBytes(12).toString('hex')}`),
    }),
    limits: {
      fileSize: options.maxBytes,
      files: options.maxFiles ?? 10,
      fields: 20,
      parts: 40,
      fieldSize: options.maxFieldBytes ?? 10_000,
    },
  }).array('file', options.maxFiles ?? 10);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'POST' || !options.matches(req) || !req.is('multipart/form-data')) return next();
    const cleanUp = () => {
      const files = (req.files ?? []) as Express.Multer.File[];
      for (const file of files) void unlink(file.path).catch(() => {});
    };
    res.on('close', cleanUp);
    upload(req, res, (error: unknown) => {
      if (!error) {
        req.uploads = ((req.files ?? []) as Express.Multer.File[]).map((file) => ({
          path: file.path,
          originalName: file.originalname,
          size: file.size,
        }));
        return next();
      }
      const tooLarge = error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE';
      const tooMany = error instanceof multer.MulterError && error.code === 'LIMIT_FILE_COUNT';
      // The client may still be sending: answer now and stop reading.
      res.set('Connection', 'close');
      next(
        tooLarge
          ? new HttpError(
              413,
              'file_too_large',
              `The file is larger than the limit of ${megabytes(options.maxBytes)}. Nothing was saved.`,
            )
          : new HttpError(
              400,
              'bad_upload',
              tooMany
                ? `Upload at most ${options.maxFiles ?? 10} files at once.`
                : 'The upload could not be read. Nothing was saved.',
            ),
      );
    });
  };
}

export const uploadDir = (dataDir: string) => join(dataDir, 'tmp', 'uploads');

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Files received by uploadMiddleware, already on disk. */
      uploads?: UploadedFile[];
    }
  }
}
