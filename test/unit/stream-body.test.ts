import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough, Readable } from 'node:stream';
import { expect } from 'chai';
import express from 'express';
import { pino } from 'pino';
import { requestLog } from '../../server/http/request-log';
import { streamBody } from '../../server/http/stream-body';
import { logLines } from '../helpers/log-lines';

type Line = { level: number; msg: string };

/** An app whose /file streams `body()` through streamBody, logging into `lines`. */
async function serve(body: () => Readable) {
  const { lines, sink } = logLines<Line>();
  const app = express();
  app.use(requestLog(app, pino({ level: 'info' }, sink)));
  app.get('/file', async (req, res) => {
    res.type('application/octet-stream');
    await streamBody(req, res, 'test file', body());
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/file`;
  return { lines, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const settle = (ms = 50) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (up to 5 s, for a loaded machine) until `done()`, then a little longer for any line after it. */
async function until(done: () => boolean): Promise<void> {
  for (const give = Date.now() + 5000; !done() && Date.now() < give;) await settle(10);
  await settle();
}

describe('streamBody', () => {
  it('logs nothing but the aborted request line (at info) when the visitor leaves mid-download', async () => {
    const source = new PassThrough();
    const app = await serve(() => source);
    try {
      source.write(Buffer.alloc(64 * 1024, 1));
      await new Promise<void>((resolve, reject) => {
        const request = http.get(app.url, (answer) => {
          answer.once('data', () => {
            request.destroy();
            resolve();
          });
        });
        request.on('error', (error: NodeJS.ErrnoException) =>
          error.code === 'ECONNRESET' ? undefined : reject(error),
        );
      });
      await until(() => app.lines.length > 0);
      expect(app.lines.map((line) => [line.level, line.msg])).to.deep.equal([[30, 'request aborted']]);
    } finally {
      source.destroy();
      await app.close();
    }
  });

  it('warns and cuts the connection when the storage fails mid-stream, so no one keeps a short file', async () => {
    const app = await serve(
      () =>
        new Readable({
          read() {
            this.push(Buffer.alloc(1024, 1));
            setTimeout(() => this.destroy(new Error('disk went away')), 10);
          },
        }),
    );
    try {
      const outcome = await new Promise<string>((resolve) => {
        http
          .get(app.url, (answer) => {
            answer.on('data', () => undefined);
            answer.on('end', () => resolve('complete'));
            answer.on('error', () => resolve('cut'));
            answer.on('aborted', () => resolve('cut'));
          })
          .on('error', () => resolve('cut'));
      });
      await until(() => app.lines.some((line) => line.msg === 'test file stream failed'));
      expect(outcome).to.equal('cut');
      expect(app.lines.map((line) => [line.level, line.msg])).to.deep.include([40, 'test file stream failed']);
    } finally {
      await app.close();
    }
  });
});
