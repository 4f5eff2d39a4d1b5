import type { Db } from '../../db';

/**
 * A nudge for this process's job runner: a job that must not wait for the next poll (the CDN
 * purge after a publish) wakes it. Only a hint: the job itself is in the jobs table, so a dyno
 * that dies before the nudge leaves it to the next poll of any dyno.
 */
const wakers = new WeakMap<object, Set<() => void>>();

export function onJobsWake(db: Db, wake: () => void): () => void {
  let set = wakers.get(db);
  if (!set) wakers.set(db, (set = new Set()));
  set.add(wake);
  return () => set.delete(wake);
}

export function wakeJobRunner(db: Db): void {
  for (const wake of wakers.get(db) ?? []) wake();
}
