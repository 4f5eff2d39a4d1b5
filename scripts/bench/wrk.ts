import { execFileSync } from 'node:child_process';

/** wrk's arguments for every figure compared with nginx: one thread, 50 connections, 8 s. */
export const WRK_ARGS = ['-t1', '-c50', '-d8s'];

export type WrkResult = { requestsPerSecond: number; p99Ms: number; non2xx: number; socketErrors: number };

/** The path of a command, or null: wrk and nginx are Debian packages, not the project's dependencies. */
export function onPath(command: string): string | null {
  try {
    return execFileSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

const MS_PER_UNIT: Record<string, number> = { us: 0.001, ms: 1, s: 1000 };

/** Loads one URL with wrk (WRK_ARGS unless given) and reads its summary. */
export function wrkRun(url: string, headers: Record<string, string> = {}, args: string[] = WRK_ARGS): WrkResult {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const out = execFileSync('wrk', [...args, '--latency', ...headerArgs, url], { encoding: 'utf8' });
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(out);
  if (!rate) throw new Error(`wrk printed no Requests/sec:\n${out}`);
  const p99 = /^\s+99%\s+([\d.]+)(us|ms|s)\s*$/m.exec(out);
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(out);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    requestsPerSecond: Math.round(Number(rate[1])),
    p99Ms: p99 ? Number((Number(p99[1]) * MS_PER_UNIT[p99[2]!]!).toFixed(2)) : NaN,
    non2xx: non2xx ? Number(non2xx[1]) : 0,
    socketErrors: errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}
