import { processTreeCpuMicros } from './process-cpu';
import { createServer } from 'node:net';

/** A port nothing listens on now. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** Waits (up to 120 s: a loaded machine boots slowly) for the server's health check to answer. */
export async function waitUntilUp(base: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${base}/api/ht/`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server at ${base} did not come up`);
}

/**
 * Waits (up to 60 s) until a server's processes use under a tenth of a core over two seconds: the
 * work a fresh server does after it answers (jobs, first renditions) would be counted against
 * whatever is measured first.
 */
export async function waitUntilIdle(pid: number): Promise<void> {
  for (let i = 0; i < 30; i++) {
    const before = processTreeCpuMicros(pid);
    await new Promise((r) => setTimeout(r, 2000));
    const after = processTreeCpuMicros(pid);
    if (before === null || after === null || after - before < 200_000) return;
  }
}
