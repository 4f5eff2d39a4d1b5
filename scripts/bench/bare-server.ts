import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The same-run baseline for the page cache: a bare node:http server (its own process, like the
 * app) writing fixed bytes with the same content type, for the same load tool and connections.
 */
export async function startBareServer(body: Buffer, contentType: string, port: number, dir: string): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const file = join(dir, `bare-${port}.bin`);
  writeFileSync(file, body);
  const code = `
    const body = require('node:fs').readFileSync(${JSON.stringify(file)});
    require('node:http').createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': ${JSON.stringify(contentType)}, 'Content-Length': body.length });
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
