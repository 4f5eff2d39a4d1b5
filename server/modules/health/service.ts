import type { Db } from '../../db';
import type { MediaStorage } from '../../storage/media-storage';
import { pingDatabase } from './repo';

export type CheckResult = { ok: boolean; ms: number; error?: string };
export type HealthChecks = Record<string, () => Promise<void>>;

/** The health checks by subset name: the database answers a query, storage takes a write. */
export function healthChecks(db: Db, media: MediaStorage): HealthChecks {
  return {
    database: () => pingDatabase(db),
    storage: () => media.check(),
  };
}

const CHECK_TIMEOUT_MS = 5000;

export async function runChecks(checks: HealthChecks, names: string[]): Promise<Record<string, CheckResult>> {
  const entries = await Promise.all(
    names.map(async (name) => {
      const started = performance.now();
      try {
        await Promise.race([
          checks[name]!(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS).unref()),
        ]);
        return [name, { ok: true, ms: Math.round(performance.now() - started) }] as const;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return [name, { ok: false, ms: Math.round(performance.now() - started), error: message }] as const;
      }
    }),
  );
  return Object.fromEntries(entries);
}
