import { sql, type Kysely } from 'kysely';
import type { Db } from '../db';

/** What a backup counts, so a restore can say it found everything it was given. */
export type Counts = { pages: number; revisions: number; images: number };

export async function countContent(db: Db): Promise<Counts> {
  const count = async (table: 'pages' | 'page_revisions' | 'images') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { pages: await count('pages'), revisions: await count('page_revisions'), images: await count('images') };
}

export async function appliedMigrations(db: Kysely<any>): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.rows.map((row) => row.name);
}

/** Whether the schema exists at all (a database that was never migrated has no pages table). */
export async function hasPagesTable(db: Db): Promise<boolean> {
  const exists = await sql<{ pages: string | null }>`select to_regclass('public.pages')::text as pages`.execute(db);
  return Boolean(exists.rows[0]?.pages);
}
