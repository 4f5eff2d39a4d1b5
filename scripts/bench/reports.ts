import { sql } from 'kysely';
import type { Db } from '../../server/db';
import { signIn, time, type Timing } from './admin';

export const BENCH_AUDIT_ROWS = 100_000;

/**
 * Adds 100,000 audit-log entries: nine in ten on pages (spread over every page, mostly edits and
 * publishes), one in ten on redirects and snippets, over the last two years, by the admin. Inserted
 * in batches straight into the tables, as the services would write them.
 */
export async function seedBenchAuditLog(db: Db, userId: number): Promise<void> {
  const pages = await db.selectFrom('pages').select(['id', 'title']).where('depth', '>', 1).execute();
  const actions = ['edit', 'edit', 'edit', 'publish', 'publish', 'lock', 'unlock', 'move'] as const;
  const span = 2 * 365 * 86_400_000;
  const now = Date.now();
  const pageRows = [];
  const modelRows = [];
  for (let i = 0; i < BENCH_AUDIT_ROWS; i++) {
    const createdAt = new Date(now - Math.floor(((i * 7919) % BENCH_AUDIT_ROWS) * (span / BENCH_AUDIT_ROWS)));
    if (i % 10 === 9) {
      modelRows.push({
        model: i % 20 === 9 ? 'wagtailredirects.redirect' : 'core.country',
        object_id: String(i),
        object_str: `/bench-history/${i}/`,
        user_id: userId,
        action: i % 3 === 0 ? ('create' as const) : ('edit' as const),
        data: '{}',
        created_at: createdAt,
      });
    } else {
      const page = pages[i % pages.length]!;
      pageRows.push({
        page_id: page.id,
        user_id: userId,
        action: actions[i % actions.length]!,
        data: JSON.stringify({ title: page.title }),
        created_at: createdAt,
      });
    }
  }
  for (let start = 0; start < pageRows.length; start += 1000)
    await db
      .insertInto('page_log_entries')
      .values(pageRows.slice(start, start + 1000))
      .execute();
  for (let start = 0; start < modelRows.length; start += 1000)
    await db
      .insertInto('model_log_entries')
      .values(modelRows.slice(start, start + 1000))
      .execute();
  await sql`analyze page_log_entries`.execute(db);
  await sql`analyze model_log_entries`.execute(db);
}

/** Through the running server: the site-history report over the whole audit log, its filters and its export. */
export async function benchReportScreens(
  base: string,
  credentials: { username: string; password: string },
  runs = 30,
): Promise<Timing[]> {
  const call = await signIn(base, credentials.username, credentials.password);
  const lastMonth = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const out: Timing[] = [];
  out.push(await time('site history, page 1 (newest first)', runs, () => call('/wagtail/reports/site-history/')));
  out.push(await time('site history, page 1000', runs, () => call('/wagtail/reports/site-history/?p=1000')));
  out.push(
    await time('site history, action "publish", pages only', runs, () =>
      call('/wagtail/reports/site-history/?action=publish&object_type=wagtailcore.page'),
    ),
  );
  out.push(
    await time('site history, the last 30 days', runs, () =>
      call(`/wagtail/reports/site-history/?date_from=${lastMonth}`),
    ),
  );
  out.push(await time('site history, search a title', runs, () => call('/wagtail/reports/site-history/?q=story')));
  out.push(
    await time('site history export, CSV of the last 30 days', 5, () =>
      call(`/wagtail/reports/site-history/?export=csv&date_from=${lastMonth}`),
    ),
  );
  out.push(await time('locked pages report', runs, () => call('/wagtail/reports/locked/')));
  out.push(await time('aging pages report, page 1', runs, () => call('/wagtail/reports/aging-pages/')));
  out.push(await time('page types usage report', runs, () => call('/wagtail/reports/page-types-usage/')));
  return out;
}
