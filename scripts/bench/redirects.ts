import { sql } from 'kysely';
import type { Db } from '../../server/db';
import { lookupRedirect } from '../../server/modules/redirects/repo';
import { signIn, time, type Timing } from './admin';

export const BENCH_REDIRECTS = 10_000;

/**
 * Adds 10,000 redirects (a quarter to pages, the rest to links; a fifth for the default site
 * only), inserted in batches straight into the table as the import would write them.
 */
export async function seedBenchRedirects(db: Db, siteId: number): Promise<void> {
  const pages = await db
    .selectFrom('pages')
    .select('id')
    .where('live', '=', true)
    .where('depth', '>', 1)
    .limit(200)
    .execute();
  const rows = Array.from({ length: BENCH_REDIRECTS }, (_, i) => {
    const toPage = i % 4 === 0 && pages.length > 0;
    return {
      old_path: `/bench-old/${String(i).padStart(5, '0')}/`,
      site_id: i % 5 === 0 ? siteId : null,
      redirect_page_id: toPage ? pages[i % pages.length]!.id : null,
      redirect_link: toPage ? null : `https://archive.example.com/${i}`,
      is_permanent: i % 3 !== 0,
    };
  });
  for (let start = 0; start < rows.length; start += 1000)
    await db
      .insertInto('redirects')
      .values(rows.slice(start, start + 1000))
      .execute();
}

/** The lookup the public 404 path runs, straight on the database: one indexed statement. */
export async function benchLookupQuery(
  db: Db,
  siteId: number,
  runs = 300,
): Promise<{ what: string; p50: number; p95: number }[]> {
  await sql`analyze redirects`.execute(db);
  const out = [];
  for (const [what, keys] of [
    ['lookup, path with a redirect', ['/bench-old/04241/']],
    ['lookup, path with a query string, no redirect', ['/no-such-path/?a=1', '/no-such-path/']],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < runs + 10; i++) {
      const started = performance.now();
      await lookupRedirect(db, siteId, [...keys]);
      if (i >= 10) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => Number(times[Math.floor(q * (times.length - 1))]!.toFixed(2));
    out.push({ what, p50: at(0.5), p95: at(0.95) });
  }
  return out;
}

/** Through the running server: the redirects list with 10,000 rows, and the public 404 path with and without a redirect. */
export async function benchRedirectScreens(
  base: string,
  credentials: { username: string; password: string },
  runs = 30,
): Promise<Timing[]> {
  const call = await signIn(base, credentials.username, credentials.password);
  const out: Timing[] = [];
  out.push(await time('redirects list, 10,000 redirects, page 1', runs, () => call('/wagtail/redirects/')));
  out.push(await time('redirects list, last page (200)', runs, () => call('/wagtail/redirects/?p=200')));
  out.push(
    await time('redirects list, sorted by target, page 100', runs, () =>
      call('/wagtail/redirects/?ordering=target&p=100'),
    ),
  );
  out.push(await time('redirects list, search "0424" (11 matches)', runs, () => call('/wagtail/redirects/?q=0424')));
  out.push(await time('redirects export, CSV of all 10,000', 5, () => call('/wagtail/redirects/?export=csv')));
  const anonymous = (path: string) => () => fetch(`${base}${path}`, { redirect: 'manual' });
  out.push(await time('public: page view /our-story/', runs, anonymous('/our-story/')));
  out.push(await time('public: the not-found page at its own address', runs, anonymous('/error-pages/404/')));
  out.push(await time('public: 404 (no redirect; lookup, then the not-found page)', runs, anonymous('/no-such-path/')));
  out.push(await time('public: redirected old path (301)', runs, anonymous('/bench-old/04241/')));
  return out;
}
