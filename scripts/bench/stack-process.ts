import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../build-assets';

export type Dyno = { number: number; pid: number; port: number };
export type RunningStack = {
  /** The edge's base URL and the Host the sites answer to (their configured hostname). */
  edge: string;
  host: string;
  dynos: Dyno[];
  varnishPid: number;
  /** Everything the stack printed so far. */
  output(): string;
  stop(): Promise<void>;
};

/**
 * `npm run stack` (scripts/stack.ts, dynos from dist/) as a child process, until it prints
 * `stack ready`: the benches load what the issue calls the production shape, not a copy of it.
 */
export async function startStack(options: {
  databaseUrl: string;
  dataDir: string;
  port: number;
  dynos: number;
  env?: NodeJS.ProcessEnv;
}): Promise<RunningStack> {
  let output = '';
  const stack: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'stack.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // The seed's back-office user (production refuses a default password).
      ADMIN_PASSWORD: 'bench-password',
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      STACK_PORT: String(options.port),
      STACK_DYNOS: String(options.dynos),
      STACK_DYNO_PORT: String(options.port + 1),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  stack.stdout!.on('data', (chunk) => (output += chunk));
  stack.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => stack.once('exit', () => resolve()));
  const stop = async () => {
    if (stack.exitCode === null && stack.signalCode === null) {
      stack.kill('SIGTERM');
      await exited;
    }
  };
  const deadline = Date.now() + 120_000;
  while (!output.includes('stack ready:')) {
    if (stack.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the stack did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const dynos = [...output.matchAll(/^dyno (\d+): pid (\d+) port (\d+)$/gm)].map((found) => ({
    number: Number(found[1]),
    pid: Number(found[2]),
    port: Number(found[3]),
  }));
  const varnishPid = childNamed(stack.pid!, 'varnishd');
  if (varnishPid === null) {
    await stop();
    throw new Error('the stack is ready but no varnishd runs under it');
  }
  return {
    edge: `http://127.0.0.1:${options.port}`,
    host: `localhost:${options.port}`,
    dynos,
    varnishPid,
    output: () => output,
    stop,
  };
}

/** varnishd's -n directory, from its command line (the stack's temporary directory). */
export function varnishWorkDir(pid: number): string {
  const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  return args[args.indexOf('-n') + 1]!;
}

/** The pid of the direct child of `parent` whose command is `name` (from /proc), or null. */
export function childNamed(parent: number, name: string): number | null {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (command === name && Number(fields[1]) === parent) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return null;
}
