import type { Db } from '../db';
import { enqueueJob } from '../modules/jobs/repo';
import type { JobHandler } from '../modules/jobs/runner';
import { wakeJobRunner } from '../modules/jobs/wake';
import type { CdnPurgeProvider } from '../cdn-purge-config';
import { purgeRequests, type PurgeRequest } from './cdn-purge-requests';

export const CDN_PURGE_JOB = 'cdn.purge';
/**
 * A write is announced before its transaction commits, and every dyno's page cache drops what it
 * invalidated once more a second later (install.ts): a purge sent sooner could let the edge fetch
 * the old page again from a dyno that re-cached it in that gap. So the purge waits a little longer.
 */
export const CDN_PURGE_DELAY_MS = 1200;
/** Quick tries inside one attempt (a CDN restarting, a dropped connection); then the runner's minute. */
const QUICK_TRIES_MS = [0, 250, 1000];

/**
 * The CDN purge hook: the Surrogate-Keys of what changed (`t-<table>`, the keys the page cache
 * puts on every answer it stores) go to CDN_PURGE_URL through the jobs table, so a CDN that is
 * away is retried by the job runner with its back-off, on whichever dyno claims the job (its
 * failures are recorded in the job's last_error). The runner of this dyno is woken when the job is
 * due, so the edge is fresh within about 1.5 s of a publish.
 */
export async function enqueueCdnPurge(db: Db, tables: Set<string> | '*'): Promise<void> {
  const payload =
    tables === '*'
      ? { all: true, keys: [] as string[] }
      : { all: false, keys: [...tables].map((table) => `t-${table}`) };
  await enqueueJob(db, { kind: CDN_PURGE_JOB, payload, runAt: new Date(Date.now() + CDN_PURGE_DELAY_MS) });
  setTimeout(() => wakeJobRunner(db), CDN_PURGE_DELAY_MS + 20).unref();
}

export type CdnPurgeTarget = { url: string; secret?: string; provider?: CdnPurgeProvider };

/**
 * Sends the purge of the job's keys in the shape of CDN_PURGE_PROVIDER (cdn-purge-requests.ts; by
 * default the shipped Varnish configuration's). Each request gets the quick tries; anything but a
 * 2xx after them fails the attempt (the runner retries the whole job later: purging a key twice
 * is harmless).
 */
export function cdnPurgeHandler(target: CdnPurgeTarget, fetchImpl: typeof fetch = fetch): JobHandler {
  return async (_db, payload) => {
    const all = payload.all === true;
    const keys = Array.isArray(payload.keys) ? payload.keys.filter((key) => typeof key === 'string') : [];
    if (!all && keys.length === 0) return;
    const requests = purgeRequests(
      { provider: target.provider ?? 'varnish', url: target.url, secret: target.secret },
      keys,
      all,
    );
    for (const request of requests) await sendWithQuickTries(request, fetchImpl);
  };
}

async function sendWithQuickTries(request: PurgeRequest, fetchImpl: typeof fetch): Promise<void> {
  let failure = '';
  for (const wait of QUICK_TRIES_MS) {
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    try {
      const response = await fetchImpl(request.url, {
        method: 'POST',
        headers: request.headers,
        body: request.body,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) return;
      failure = `CDN purge answered ${response.status}`;
      // A refusal (wrong secret or token, bad request) will not change by asking again at once.
      if (response.status >= 400 && response.status < 500) break;
    } catch (error) {
      failure = `CDN purge failed: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  throw new Error(failure);
}
