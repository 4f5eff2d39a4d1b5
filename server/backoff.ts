/**
 * Exponential back-off with jitter for reconnect loops: 1st retry after about `initialMs`,
 * doubling up to `maxMs`. Half the delay is random, so processes that lost the database at the
 * same moment do not all knock on it at the same moment when it comes back.
 */
export type Backoff = { initialMs: number; maxMs: number };

export const RECONNECT_BACKOFF: Backoff = { initialMs: 100, maxMs: 2000 };

export function backoffDelay(attempt: number, { initialMs, maxMs }: Backoff): number {
  const ceiling = Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 20));
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}
