import { Writable } from 'node:stream';

/** A pino destination that keeps each JSON line it is given, parsed, in `lines`. */
export function logLines<Line>(): { lines: Line[]; sink: Writable } {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n')) if (text) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  return { lines, sink };
}
