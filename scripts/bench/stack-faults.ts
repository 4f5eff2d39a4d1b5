import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildClient, buildServer } from '../build-assets';
import { signIn } from './admin';
import { startStack, varnishWorkDir, type RunningStack } from './stack-process';
import { printMarkdown } from './stack';
import { startThrowawayPostgres } from './throwaway-postgres';

/**
 * `npm run bench:stack-faults`: load through the edge (`npm run stack`, FAULT_DYNOS dynos, default
 * 3) on a PostgreSQL cluster of its own (initdb in a temporary directory on BENCH_PORT + 50; the
 * machine's server is never touched) while, at 10 s, one dyno is killed with SIGKILL and, at 25 s,
 * that PostgreSQL stops (fast shutdown) and starts again 4 s later. Three loads at once: public
 * pages the edge holds (autocannon, 20 connections), passed requests that reach a dyno every
 * time (a visitor's cookie; 4 connections), and a signed-in staff member asking for /wagtail/
 * every 250 ms. Prints per-second counts, Varnish's per-dyno backend requests (varnishstat) and
 * the staff answers; asserts nothing. BENCH_SKIP_BUILD=1 uses dist/ as it is.
 */
const PUBLIC_PATHS = ['/', '/block-gallery/', '/locations/', '/about/'];
const seconds = Number(process.env.FAULT_SECONDS ?? 45);
const KILL_AT_S = 10;
const RESTART_AT_S = 25;
const DATABASE_DOWN_MS = 4000;
const port = Number(process.env.BENCH_PORT) || 8090;
const dynoCount = Number(process.env.FAULT_DYNOS ?? 3);

type Second = {
  public: { ok: number; failed: number };
  passed: { ok: number; failed: number };
  staff: string[];
  dynoRequests: number[];
  dynoHealthy: boolean[];
};

if (process.env.BENCH_SKIP_BUILD !== '1') {
  console.log('Building for production...');
  await buildClient(true);
  await buildServer();
}
const postgres = startThrowawayPostgres(port + 50);
const dataDir = mkdtempSync(join(tmpdir(), 'harborline-bench-faults-'));
let stack: RunningStack | undefined;
try {
  console.log(`Starting the stack (Varnish on ${port}, ${dynoCount} dynos) on PostgreSQL ${postgres.url}...`);
  stack = await startStack({ databaseUrl: postgres.url, dataDir, port, dynos: dynoCount });
  const base = `http://localhost:${port}`;
  for (const path of PUBLIC_PATHS)
    for (let i = 0; i < 2; i++) await fetch(`${base}${path}`).then((res) => res.arrayBuffer());
  const staff = await signIn(base, 'admin', 'bench-password');

  const started = Date.now();
  const timeline: Second[] = Array.from({ length: seconds + 1 }, () => ({
    public: { ok: 0, failed: 0 },
    passed: { ok: 0, failed: 0 },
    staff: [],
    dynoRequests: [],
    dynoHealthy: [],
  }));
  const secondNow = () => timeline[Math.min(seconds, Math.floor((Date.now() - started) / 1000))]!;
  const events: Array<Record<string, string>> = [];
  const note = (what: string) => events.push({ s: ((Date.now() - started) / 1000).toFixed(1), what });

  const load = (which: 'public' | 'passed', options: autocannon.Options) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
      instance.on('response', (_client: unknown, status: number) => {
        if (status >= 200 && status < 400) secondNow()[which].ok++;
        else secondNow()[which].failed++;
      });
      instance.on('reqError', () => secondNow()[which].failed++);
    });
  const publicLoad = load('public', {
    url: base,
    connections: 20,
    duration: seconds,
    timeout: 10,
    requests: PUBLIC_PATHS.map((path) => ({ method: 'GET', path })),
  });
  const passedLoad = load('passed', {
    url: `${base}/`,
    connections: 4,
    duration: seconds,
    timeout: 10,
    headers: { Cookie: 'sessionid=a-visitor-without-a-session' },
  });

  let running = true;
  const staffAnswers: Array<{ s: number; status: number; retryAfter: string | null }> = [];
  const staffLoop = (async () => {
    while (running) {
      const at = (Date.now() - started) / 1000;
      try {
        const res = await staff('/wagtail/', { signal: AbortSignal.timeout(5000) });
        await res.arrayBuffer();
        staffAnswers.push({ s: at, status: res.status, retryAfter: res.headers.get('retry-after') });
        secondNow().staff.push(`${res.status}${res.headers.get('retry-after') ? `+RA` : ''}`);
      } catch {
        staffAnswers.push({ s: at, status: 0, retryAfter: null });
        secondNow().staff.push('error');
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();

  const varnishDir = varnishWorkDir(stack.varnishPid);
  const killed = stack.dynos[0]!;
  let killedAt = 0;
  let killedSickAt = 0;
  let lastToKilledAt = 0;
  let previous: number[] | null = null;
  const statsLoop = (async () => {
    while (running) {
      const counters = await backendCounters(varnishDir).catch(() => null);
      if (counters) {
        const requests = stack!.dynos.map((dyno) => counters[`dyno${dyno.number}.req`] ?? 0);
        // Varnish's own rule (backends-vcl.ts): healthy while 2 of the last 3 probes were good.
        const healthy = stack!.dynos.map((dyno) => goodOfLastThree(counters[`dyno${dyno.number}.happy`] ?? 0) >= 2);
        const second = secondNow();
        if (previous) {
          requests.forEach((value, index) => {
            second.dynoRequests[index] = (second.dynoRequests[index] ?? 0) + value - previous![index]!;
          });
          if (killedAt && requests[0]! > previous[0]!) lastToKilledAt = Date.now();
        }
        if (killedAt && !killedSickAt && !healthy[0]) killedSickAt = Date.now();
        second.dynoHealthy = healthy;
        previous = requests;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();

  const faults = (async () => {
    await new Promise((resolve) => setTimeout(resolve, KILL_AT_S * 1000));
    process.kill(killed.pid, 'SIGKILL');
    killedAt = Date.now();
    note(`dyno ${killed.number} (pid ${killed.pid}) killed with SIGKILL`);
    await new Promise((resolve) => setTimeout(resolve, (RESTART_AT_S - KILL_AT_S) * 1000));
    note('PostgreSQL stopping (pg_ctl stop -m fast)');
    const restart = await postgres.restart(DATABASE_DOWN_MS);
    note(`PostgreSQL stopped at ${((restart.stoppedAt - started) / 1000).toFixed(1)} s, accepting connections again`);
  })();

  const [publicResult, passedResult] = await Promise.all([publicLoad, passedLoad, faults]);
  running = false;
  await Promise.all([staffLoop, statsLoop]);

  const firstStaff503 = staffAnswers.find((answer) => answer.s >= RESTART_AT_S && answer.status !== 200);
  const staffBack = staffAnswers.find((answer) => firstStaff503 && answer.s > firstStaff503.s && answer.status === 200);
  const staffFailures = staffAnswers.filter((answer) => answer.status !== 200);

  console.log(
    `\nbench:stack-faults, ${new Date(started).toISOString().slice(0, 16)}Z: ${dynoCount} dynos behind Varnish, ${seconds} s; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  printMarkdown(events);
  console.log('');
  printMarkdown([
    {
      load: `public pages (${PUBLIC_PATHS.join(' ')}), 20 connections`,
      requests: publicResult.requests.total,
      'failed (non-2xx/3xx, errors, timeouts)': publicResult.non2xx + publicResult.errors,
    },
    {
      load: 'passed to a dyno (a cookie), 4 connections',
      requests: passedResult.requests.total,
      'failed (non-2xx/3xx, errors, timeouts)': passedResult.non2xx + passedResult.errors,
    },
    {
      load: 'staff /wagtail/ signed in, every 250 ms',
      requests: staffAnswers.length,
      'failed (non-2xx/3xx, errors, timeouts)': `${staffFailures.length}: ${summarise(staffFailures)}`,
    },
  ]);
  const after = (at: number) => (at ? `${((at - killedAt) / 1000).toFixed(2)} s` : 'never');
  console.log(
    `\ndyno ${killed.number}: marked sick by Varnish's probes ${after(killedSickAt)} after the SIGKILL (a probe every 1 s, healthy while 2 of the last 3 are good);` +
      ` last backend request sent to it ${lastToKilledAt ? after(lastToKilledAt) : 'before'} after (a failed connection is retried on the next dyno).` +
      ` Staff: first non-200 at ${firstStaff503?.s.toFixed(1) ?? '-'} s, 200 again at ${staffBack?.s.toFixed(1) ?? '-'} s.\n`,
  );
  printMarkdown(
    timeline.slice(0, seconds).map((second, index) => ({
      s: index,
      'public ok': second.public.ok,
      'public failed': second.public.failed,
      'passed ok': second.passed.ok,
      'passed failed': second.passed.failed,
      ...Object.fromEntries(
        stack!.dynos.map((dyno, at) => [
          `dyno ${dyno.number} backend req`,
          `${second.dynoRequests[at] ?? 0}${second.dynoHealthy[at] === false ? ' (sick)' : ''}`,
        ]),
      ),
      staff: [...new Set(second.staff)].join(' '),
    })),
  );
} finally {
  await stack?.stop();
  postgres.remove();
  rmSync(dataDir, { recursive: true, force: true });
}

/** `happy` is a bit per probe, the latest lowest. */
function goodOfLastThree(happy: number): number {
  return (happy & 1) + ((happy >> 1) & 1) + ((happy >> 2) & 1);
}

function summarise(answers: Array<{ status: number; retryAfter: string | null }>): string {
  const counts = new Map<string, number>();
  for (const answer of answers) {
    const key =
      answer.status === 0
        ? 'no answer'
        : `${answer.status}${answer.retryAfter ? ` with Retry-After: ${answer.retryAfter}` : ' without Retry-After'}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => `${count} x ${key}`).join(', ') || 'none';
}

/**
 * Each backend's counters (`dyno1.req`, `dyno1.fail`) from varnishstat, and `dyno1.happy` as its
 * last three probes only: the bitmap is 64 bits, more than a JSON number holds exactly, so it is
 * read from the text.
 */
function backendCounters(dir: string): Promise<Record<string, number>> {
  return new Promise((resolve, reject) =>
    execFile('varnishstat', ['-n', dir, '-1', '-j', '-f', 'VBE.*'], (error, stdout) => {
      if (error) return reject(error);
      const out: Record<string, number> = {};
      for (const found of stdout.matchAll(/"VBE\.[^."]+\.(dyno\d+\.(?:req|happy|fail))":\s*\{[^}]*?"value":\s*(\d+)/g))
        out[found[1]!] = found[1]!.endsWith('.happy') ? Number(BigInt(found[2]!) & 7n) : Number(found[2]);
      resolve(out);
    }),
  );
}
