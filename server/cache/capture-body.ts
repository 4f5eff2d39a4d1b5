import type { ServerResponse } from 'node:http';
import { isCompressibleType } from './encoding';
import { MAX_BUFFER_BYTES } from './rules';

/**
 * Holds back a compressible answer's body until it ends, then hands it to `onBody` (with its
 * headers still settable). Other answers (binary, already encoded, streaming events, 204/304,
 * or growing past MAX_BUFFER_BYTES) pass through untouched.
 */
export function captureBody(res: ServerResponse, onBody: (body: Buffer) => void): void {
  const original = { write: res.write, end: res.end, writeHead: res.writeHead };
  const chunks: Buffer[] = [];
  let size = 0;
  let mode: 'undecided' | 'buffer' | 'pass' = 'undecided';
  const restore = () => {
    res.write = original.write;
    res.end = original.end;
    res.writeHead = original.writeHead;
  };
  const decide = () => {
    if (mode !== 'undecided') return;
    const status = res.statusCode;
    const wanted =
      status !== 204 &&
      status !== 206 &&
      status !== 304 &&
      !res.hasHeader('content-encoding') &&
      isCompressibleType(res.getHeader('content-type')) &&
      Number(res.getHeader('content-length') ?? 0) <= MAX_BUFFER_BYTES;
    mode = wanted ? 'buffer' : 'pass';
    if (mode === 'pass') restore();
  };
  const toBuffer = (chunk: unknown, encoding: unknown): Buffer | null => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return null;
    if (Buffer.isBuffer(chunk)) return chunk;
    if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    return Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  };
  const spill = () => {
    // Too big to hold: what is held goes out now and the rest streams.
    mode = 'pass';
    restore();
    for (const chunk of chunks) res.write(chunk);
    chunks.length = 0;
  };

  res.writeHead = function writeHead(this: ServerResponse, status: number, ...rest: unknown[]) {
    if (mode === 'undecided') {
      res.statusCode = status;
      const headers = rest.find((arg) => arg !== null && typeof arg === 'object');
      if (Array.isArray(headers)) {
        mode = 'pass';
        restore();
        return original.writeHead.apply(this, [status, ...rest] as never);
      }
      if (headers)
        for (const [name, value] of Object.entries(headers))
          if (value !== undefined) res.setHeader(name, value as string);
      decide();
      if ((mode as string) === 'pass') return original.writeHead.call(this, status);
      return this;
    }
    if (mode === 'buffer') {
      // A late writeHead (express-session's end calls _implicitHeader after the body was written):
      // the body is still held, so the headers must wait for it too.
      res.statusCode = status;
      const headers = rest.find((arg) => arg !== null && typeof arg === 'object');
      if (headers && !Array.isArray(headers))
        for (const [name, value] of Object.entries(headers))
          if (value !== undefined) res.setHeader(name, value as string);
      return this;
    }
    return original.writeHead.apply(this, [status, ...rest] as never);
  } as ServerResponse['writeHead'];

  res.write = function write(this: ServerResponse, chunk: unknown, encoding?: unknown, callback?: unknown) {
    decide();
    if (mode === 'pass') return original.write.apply(this, [chunk, encoding, callback] as never);
    const buffer = toBuffer(chunk, encoding);
    if (buffer) {
      // Held as it is, not copied: a writer may not change a chunk it has written (the socket
      // would send the changed bytes too), and React hands over a fresh view each time.
      chunks.push(buffer);
      size += buffer.length;
    }
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') process.nextTick(done as () => void);
    if (size > MAX_BUFFER_BYTES) spill();
    return true;
  } as ServerResponse['write'];

  res.end = function end(this: ServerResponse, chunk?: unknown, encoding?: unknown, callback?: unknown) {
    decide();
    if (mode === 'pass') return original.end.apply(this, [chunk, encoding, callback] as never);
    const buffer = toBuffer(chunk, encoding);
    if (buffer) {
      chunks.push(buffer);
      size += buffer.length;
    }
    restore();
    const done = [chunk, encoding, callback].find((arg) => typeof arg === 'function');
    if (typeof done === 'function') res.once('finish', done as () => void);
    onBody(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    return this;
  } as ServerResponse['end'];
}
