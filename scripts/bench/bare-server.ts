import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';

/** One answer as the server sent it: its headers (as sent, repeated ones included) and its body bytes, still encoded. */
export type RawAnswer = { status: number; headers: Array<[string, string]>; body: Buffer };

/** Asks once with exactly these request headers (no decoding, unlike fetch). */
export function rawAnswer(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const pairs: Array<[string, string]> = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) pairs.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
          resolve({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject);
  });
}

/** Node adds these itself on every answer (the bare server too). */
const ADDED_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * The same-run baseline for the page cache: a bare node:http server (its own process, like the
 * app) writing fixed bytes with the same headers (names, values and count as the cache sent them,
 * its Content-Encoding included), for the same load tool and connections. It does nothing per
 * request but write them: no nonce, no header object, one writeHead with a flat list.
 */
export async function startBareServer(
  answer: RawAnswer,
  port: number,
  dir: string,
): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const file = join(dir, `bare-${port}.bin`);
  writeFileSync(file, answer.body);
  const flat = answer.headers.filter(([name]) => !ADDED_BY_NODE.has(name.toLowerCase())).flat();
  const code = `
    const body = require('node:fs').readFileSync(${JSON.stringify(file)});
    const head = ${JSON.stringify(flat)};
    require('node:http').createServer((req, res) => {
      res.writeHead(${answer.status}, head);
      res.end(body);
    }).listen(${port}, () => process.send && process.send('ready'));`;
  const child: ChildProcess = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise<void>((resolve) => child.once('message', () => resolve()));
  return {
    url: `http://localhost:${port}/`,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
