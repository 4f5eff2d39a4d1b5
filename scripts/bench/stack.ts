import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { rawAnswer, type RawAnswer } from './bare-server';
import { startNginx } from './nginx';
import { processTreeCpuMicros } from './process-cpu';
import { waitUntilIdle } from './server-process';
import { startStack } from './stack-process';
import { adminQuery, reachableAdminUrl } from './waitlist';
import { onPath, WRK_ARGS, wrkRun } from './wrk';

export const STACK_BENCH_PATHS = ['/', '/block-gallery/', '/locations/'];
const ENCODINGS: Array<{ name: string; headers: Record<string, string> }> = [
  { name: 'identity', headers: {} },
  { name: 'gzip, deflate, br', headers: { 'Accept-Encoding': 'gzip, deflate, br' } },
];
const WARM_UP = ['-t1', '-c50', '-d2s'];

export type StackFigure = {
  page: string;
  'Accept-Encoding': string;
  server: string;
  'body bytes': number;
  'req/s': number;
  'p99 ms': number;
  'CPU µs/req': number | string;
  'of nginx': string;
  errors: number;
};

const header = (answer: RawAnswer, name: string) => answer.headers.find(([key]) => key.toLowerCase() === name)?.[1];

/** One wrk run after an unmeasured warm-up, with the CPU the server's processes used per answer. */
function measure(url: string, headers: Record<string, string>, pid: number) {
  wrkRun(url, headers, WARM_UP);
  const before = processTreeCpuMicros(pid);
  const result = wrkRun(url, headers);
  const after = processTreeCpuMicros(pid);
  const answered = result.requestsPerSecond * Number(WRK_ARGS[2]!.slice(2, -1));
  return {
    ...result,
    cpuMicrosPerRequest:
      before !== null && after !== null && answered > 0 ? Math.round((after - before) / answered) : '',
  };
}

/**
 * `npm run bench:stack`: the stack (`npm run stack`: Varnish in front of BENCH_STACK_DYNOS dynos
 * on a throw-away PostgreSQL database), and for each page and each Accept-Encoding, in one run:
 * nginx serving the bytes the edge sent (from a temporary directory), the edge, and one dyno's
 * in-process cache asked directly. All with the site's Host header and wrk (WRK_ARGS), each after
 * 2 s of unmeasured load; the servers' CPU per answer from /proc. Prints; asserts nothing.
 */
export async function benchStack(): Promise<StackFigure[] | null> {
  const missing = ['wrk', 'nginx'].filter((command) => !onPath(command));
  if (missing.length > 0) {
    console.log(`bench:stack skipped: ${missing.join(' and ')} not installed (apt-get install -y wrk nginx).`);
    return null;
  }
  const admin = await reachableAdminUrl();
  if ('skip' in admin) {
    console.log(`bench:stack skipped: ${admin.skip}.`);
    return null;
  }
  const port = Number(process.env.BENCH_PORT) || 8090;
  const dynoCount = Number(process.env.BENCH_STACK_DYNOS ?? 2);
  const name = `harborline_bench_stack_${Date.now()}`;
  await adminQuery(admin.url, `CREATE DATABASE ${name}`);
  const url = new URL(admin.url);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'harborline-bench-stack-'));
  const nginxDir = mkdtempSync(join(tmpdir(), 'harborline-bench-nginx-'));
  const rows: StackFigure[] = [];
  try {
    console.log(`Starting the stack (Varnish on ${port}, ${dynoCount} dynos) on a throw-away database...`);
    const stack = await startStack({ databaseUrl: url.href, dataDir, port, dynos: dynoCount });
    try {
      const dyno = stack.dynos[0]!;
      for (const each of stack.dynos) await waitUntilIdle(each.pid);
      const paths = process.env.BENCH_STACK_PATHS?.split(',') ?? STACK_BENCH_PATHS;
      const encodings = ENCODINGS.filter(
        (encoding) => !process.env.BENCH_STACK_ENCODINGS || process.env.BENCH_STACK_ENCODINGS === encoding.name,
      );
      for (const path of paths) {
        for (const encoding of encodings) {
          const headers = { Host: stack.host, ...encoding.headers };
          const edgeUrl = `${stack.edge}${path}`;
          const dynoUrl = `http://127.0.0.1:${dyno.port}${path}`;
          // Fill both caches (the edge's object and the dyno's entry), then keep what a hit sends.
          for (let i = 0; i < 3; i++) {
            await rawAnswer(edgeUrl, headers);
            await rawAnswer(dynoUrl, headers);
          }
          const edgeAnswer = await rawAnswer(edgeUrl, headers);
          const dynoAnswer = await rawAnswer(dynoUrl, headers);
          if (
            edgeAnswer.status !== 200 ||
            header(edgeAnswer, 'x-cache') !== 'HIT' ||
            header(dynoAnswer, 'x-cache') !== 'HIT'
          ) {
            console.warn(`${path}: not a hit at the edge or the dyno: left out`);
            continue;
          }
          const nginx = await startNginx(
            edgeAnswer.body,
            nginxDir,
            process.env.BENCH_PORT ? port + dynoCount + 1 : undefined,
          );
          let nginxRate = 0;
          try {
            for (const [server, target, pid, answer] of [
              ['nginx, the same bytes from a file', nginx.url, nginx.pid, edgeAnswer],
              [`Varnish (edge), ${dynoCount} dynos behind`, edgeUrl, stack.varnishPid, edgeAnswer],
              ['one dyno, in-process cache', dynoUrl, dyno.pid, dynoAnswer],
            ] as const) {
              const result = measure(target, headers, pid);
              if (server.startsWith('nginx')) nginxRate = result.requestsPerSecond;
              rows.push({
                page: path,
                'Accept-Encoding': encoding.name,
                server: `${server}${header(answer, 'content-encoding') ? ` (${header(answer, 'content-encoding')})` : ''}`,
                'body bytes': answer.body.length,
                'req/s': result.requestsPerSecond,
                'p99 ms': result.p99Ms,
                'CPU µs/req': result.cpuMicrosPerRequest,
                'of nginx': `${((100 * result.requestsPerSecond) / nginxRate).toFixed(1)} %`,
                errors: result.non2xx + result.socketErrors,
              });
            }
          } finally {
            await nginx.stop();
          }
        }
      }
      console.log(
        `\nbench:stack, ${new Date().toISOString().slice(0, 16)}Z (wrk ${WRK_ARGS.join(' ')} after 2 s unmeasured, Host: ${stack.host}; load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')})`,
      );
      printMarkdown(rows);
    } finally {
      await stack.stop();
    }
  } finally {
    await adminQuery(admin.url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((error: unknown) =>
      console.warn('dropping the bench database failed', error),
    );
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(nginxDir, { recursive: true, force: true });
  }
  return rows;
}

/** The rows as a Markdown table, ready for docs/benchmarks.md. */
export function printMarkdown(rows: Array<Record<string, string | number>>): void {
  if (rows.length === 0) return;
  const names = Object.keys(rows[0]!);
  console.log(`| ${names.join(' | ')} |`);
  console.log(`|${names.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${names.map((name) => String(row[name])).join(' | ')} |`);
}
