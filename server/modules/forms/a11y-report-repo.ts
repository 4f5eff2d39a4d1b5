import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db';
import type { AccessibilityReportTable } from './table';

export async function insertA11yReport(db: Db, row: Insertable<AccessibilityReportTable>): Promise<number> {
  const inserted = await db.insertInto('accessibility_reports').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** The reports, newest first, between two optional days (UTC), one page of them and the total. */
export async function listA11yReports(
  db: Db,
  filters: { from?: string; to?: string },
  page: { limit: number; offset: number },
) {
  let base = db.selectFrom('accessibility_reports');
  if (filters.from) base = base.where('submitted_at', '>=', new Date(`${filters.from}T00:00:00Z`));
  if (filters.to)
    base = base.where(
      'submitted_at',
      '<',
      sql<Date>`${new Date(`${filters.to}T00:00:00Z`)}::timestamptz + interval '1 day'`,
    );
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('submitted_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
