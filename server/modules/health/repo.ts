import { sql } from 'kysely';
import type { Db } from '../../db';

/** The cheapest query there is: proves a connection answers. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
