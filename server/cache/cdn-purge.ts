import type { Db } from '../db';
import { enqueueJob } from '../modules/jobs/repo';
import type { JobHandler } from '../modules/jobs/runner';

export const CDN_PURGE_JOB = 'cdn.purge';

/**
 * The CDN purge hook: the Surrogate-Keys of what changed (`t-<table>`, the keys the page cache
 * puts on every answer it stores) go to CDN_PURGE_URL through the jobs table, so a CDN that is
 * away is retried by the job runner with its back-off, on whichever dyno claims the job.
 */
export async function enqueueCdnPurge(db: Db, tables: Set<string> | '*'): Promise<void> {
  const payload =
    tables === '*'
      ? { all: true, keys: [] as string[] }
      : { all: false, keys: [...tables].map((table) => `t-${table}`) };
  await enqueueJob(db, { kind: CDN_PURGE_JOB, payload, runAt: new Date() });
}

/** POSTs `{"keys": [...], "all": boolean}` as JSON; anything but a 2xx fails the attempt (retried). */
export function cdnPurgeHandler(url: string, fetchImpl: typeof fetch = fetch): JobHandler {
  return async (_db, payload) => {
    const response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ keys: Array.isArray(payload.keys) ? payload.keys : [], all: payload.all === true }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`CDN purge answered ${response.status}`);
  };
}
