import { randomUUID } from 'node:crypto';

let blockCounter = 0;

/** One block of demo content, with an id unique within the seed run (stream blocks need one). */
export const block = (type: string, value: Record<string, unknown>) => ({
  type,
  id: `demo-${++blockCounter}-${randomUUID().slice(0, 8)}`,
  value,
});
