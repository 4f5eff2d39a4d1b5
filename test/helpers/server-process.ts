import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import http from 'node:http';
import { join } from 'node:path';
import { serverEntryArgs } from '../../scripts/server-bundle';

const ROOT = join(import.meta.dirname, '..', '..');

export type ServerProcess = {
  child: ChildProcessWithoutNullStreams;
  port: number;
  baseUrl: string;
  /** Everything the process printed so far (pino JSON lines and anything else). */
  output(): string;
  /** pino lines parsed; lines that are not JSON are skipped. */
  logLines(): Array<Record<string, unknown>>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(): void;
};

/** Starts the real entry point (dist/server/main.js, as Procfile does) as a child process with the given environment. */
export function startServerProcess(env: Record<string, string>, port: number): ServerProcess {
  const child = spawn(process.execPath, serverEntryArgs(), {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'info', LOG_FORMAT: 'json', PORT: String(port), ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    logLines: () =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as Record<string, unknown>];
          } catch {
            return [];
          }
        }),
    exited,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One GET over node:http (so tests choose keep-alive and see every header). */
export function get(
  url: string,
  options: { agent?: http.Agent; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent: options.agent, headers: options.headers, timeout: options.timeoutMs ?? 15_000 },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('request timed out')));
    request.on('error', reject);
  });
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
}

/**
 * Keeps `concurrency` request loops running over `urls` until stopped, recording every outcome.
 * Bounded: it stops by itself after `maxMs`.
 */
export function startLoad(
  baseUrl: string,
  urls: string[],
  options: { concurrency: number; maxMs: number; agent?: http.Agent },
) {
  const outcomes: Array<{
    at: number;
    url: string;
    status: number | 'error';
    error?: string;
    retryAfter?: string;
    contentType?: string;
    body?: string;
  }> = [];
  let stopped = false;
  const deadline = Date.now() + options.maxMs;
  const loop = async (offset: number) => {
    for (let i = offset; !stopped && Date.now() < deadline; i++) {
      const url = urls[i % urls.length]!;
      const at = Date.now();
      try {
        const answer = await get(baseUrl + url, {
          agent: options.agent,
          headers: url.startsWith('/api') ? { accept: 'application/json' } : { accept: 'text/html' },
        });
        outcomes.push({
          at,
          url,
          status: answer.status,
          retryAfter: answer.headers['retry-after'],
          contentType: answer.headers['content-type'],
          body: answer.status === 200 ? undefined : answer.body.slice(0, 2000),
        });
      } catch (error) {
        outcomes.push({ at, url, status: 'error', error: error instanceof Error ? error.message : String(error) });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };
  const loops = Array.from({ length: options.concurrency }, (_, i) => loop(i));
  return {
    outcomes,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}
