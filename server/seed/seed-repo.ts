import { sql } from 'kysely';
import type { Db } from '../db';

const SEED_LOCK_KEY = 74_101; // any constant: serialises seeding across dynos starting together

/** Holds the seeding lock until `trx` ends, so two dynos starting together never both seed. */
export async function lockSeeding(trx: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
}
