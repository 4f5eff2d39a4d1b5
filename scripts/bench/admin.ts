import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { jsonb, type Db } from '../../server/db';
import { findPageById } from '../../server/modules/pages/repo';
import type { NewPage } from '../../server/modules/pages/table';
import { encodeStep } from '../../server/tree-path';

/** The page with 5,000 children, and how many pages the tree holds once the bench pages are in. */
export type AdminBenchTree = { bigParentId: number; totalPages: number };

const BIG_PARENT_CHILDREN = 5_000;
const OTHER_SECTIONS = 50;
const PAGES_PER_SECTION = 100;

/**
 * Adds 10,100 pages under the home page: one section with 5,000 children (the explorer figure)
 * and 50 sections of 100 children, each with one revision, a fifth of them live. Inserted in
 * batches straight into the tables (createPage one by one would take minutes on PGlite); the
 * paths, depths, child counts and revision pointers are what createPage would have written.
 */
export async function seedAdminBenchTree(db: Db, homeId: number): Promise<AdminBenchTree> {
  const home = (await findPageById(db, homeId))!;
  const existing = await db
    .selectFrom('pages')
    .select('path')
    .where('path', 'like', `${home.path}%`)
    .where('depth', '=', home.depth + 1)
    .orderBy('path', 'desc')
    .executeTakeFirst();
  let nextStep = existing ? Number.parseInt(existing.path.slice(-4), 36) + 1 : 1;
  const page = (
    parent: { path: string; depth: number; url_path: string },
    step: number,
    title: string,
    slug: string,
    live: boolean,
  ): Omit<NewPage, 'content'> & { content: unknown } => ({
    path: parent.path + encodeStep(step),
    depth: parent.depth + 1,
    page_type: 'ExamplePage',
    locale_id: home.locale_id,
    translation_key: randomUUID(),
    title,
    slug,
    url_path: `${parent.url_path}${slug}/`,
    content: { body: [], confirmation_content: [] },
    live,
    has_unpublished_changes: !live,
    first_published_at: live ? new Date() : null,
    last_published_at: live ? new Date() : null,
  });
  const insert = async (rows: Array<Omit<NewPage, 'content'> & { content: unknown }>) => {
    for (let start = 0; start < rows.length; start += 500) {
      const batch = rows.slice(start, start + 500);
      const inserted = await db
        .insertInto('pages')
        .values(batch.map((row) => ({ ...row, content: jsonb(row.content) })))
        .returning(['id', 'title', 'slug', 'seo_title', 'search_description', 'robots'])
        .execute();
      const revisions = await db
        .insertInto('page_revisions')
        .values(
          inserted.map((p) => ({
            page_id: p.id,
            user_id: null,
            object_str: p.title,
            content: jsonb({ ...p, content: { body: [], confirmation_content: [] } }),
          })),
        )
        .returning(['id', 'page_id'])
        .execute();
      const pairs = sql.join(revisions.map((r) => sql`(${r.page_id}::integer, ${r.id}::integer)`));
      await sql`update pages set latest_revision_id = r.rid, live_revision_id = case when pages.live then r.rid else null end
        from (values ${pairs}) as r(pid, rid) where pages.id = r.pid`.execute(db);
    }
  };
  const sections = [];
  for (let s = 0; s <= OTHER_SECTIONS; s++) {
    const big = s === 0;
    sections.push({
      ...page(
        home,
        nextStep++,
        big ? 'Bench explorer (5,000 children)' : `Bench section ${s}`,
        big ? 'bench-explorer' : `bench-section-${s}`,
        true,
      ),
      numchild: big ? BIG_PARENT_CHILDREN : PAGES_PER_SECTION,
    });
  }
  await insert(sections);
  await db
    .updateTable('pages')
    .set({ numchild: sql`numchild + ${sections.length}` })
    .where('id', '=', home.id)
    .execute();
  const parents = await db
    .selectFrom('pages')
    .select(['id', 'path', 'depth', 'url_path', 'slug'])
    .where('slug', 'like', 'bench-%')
    .where('depth', '=', home.depth + 1)
    .where('path', 'like', `${home.path}%`)
    .execute();
  let bigParentId = 0;
  for (const parent of parents) {
    const big = parent.slug === 'bench-explorer';
    if (big) bigParentId = parent.id;
    const count = big ? BIG_PARENT_CHILDREN : PAGES_PER_SECTION;
    await insert(
      Array.from({ length: count }, (_, i) =>
        page(parent, i + 1, `${big ? 'Dish' : `${parent.slug} page`} ${i + 1}`, `item-${i + 1}`, i % 5 === 0),
      ),
    );
  }
  const totalPages = Number(
    (
      await db
        .selectFrom('pages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  return { bigParentId, totalPages };
}

export type Timing = { what: string; runs: number; p50: number; p95: number; status: number };

/** Signs in over HTTP as in a browser: the login form's CSRF token and the session cookie. */
export async function signIn(
  base: string,
  username: string,
  password: string,
): Promise<(path: string, init?: RequestInit) => Promise<Response>> {
  let cookie = '';
  // The production server only sends its Secure cookie over HTTPS: say so, as the proxy in front would.
  const call = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${base}${path}`, {
      redirect: 'manual',
      ...init,
      headers: { 'X-Forwarded-Proto': 'https', ...(cookie ? { Cookie: cookie } : {}), ...(init.headers ?? {}) },
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('sessionid='));
    if (set) cookie = set.split(';')[0]!;
    return res;
  };
  const form = await (await call('/wagtail/login/')).text();
  const token = /name="csrfmiddlewaretoken" value="([^"]+)"/.exec(form)![1]!;
  const login = await call('/wagtail/login/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfmiddlewaretoken: token, username, password }),
  });
  if (login.status !== 303) throw new Error(`bench sign-in failed: ${login.status}`);
  return call;
}

export async function time(
  what: string,
  runs: number,
  request: () => Promise<Response>,
  between?: () => Promise<void>,
): Promise<Timing> {
  const times: number[] = [];
  let status = 0;
  for (let i = 0; i < runs + 3; i++) {
    if (between) await between();
    const started = performance.now();
    const res = await request();
    await res.arrayBuffer();
    // The first three are warm-up (JIT, caches) and not counted.
    if (i >= 3) times.push(performance.now() - started);
    status = res.status;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Number(times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1));
  return { what, runs, p50: at(0.5), p95: at(0.95), status };
}

/**
 * Back-office figures through the running server as a signed-in superuser: one request at a time,
 * timed from sending to the last byte on this machine (server time plus a loopback round trip).
 */
export async function benchAdmin(
  base: string,
  options: { username: string; password: string; bigParentId: number; sixtyBlockPageId: number; runs?: number },
): Promise<Timing[]> {
  const runs = options.runs ?? 30;
  const call = await signIn(base, options.username, options.password);
  const explorer = `/wagtail/pages/${options.bigParentId}/`;
  const out: Timing[] = [];
  out.push(await time('explorer, 5,000 children, page 1', runs, () => call(explorer)));
  out.push(await time('explorer, 5,000 children, page 50', runs, () => call(`${explorer}?p=50`)));
  out.push(await time('explorer, 5,000 children, last page (100)', runs, () => call(`${explorer}?p=100`)));
  out.push(
    await time('explorer, 5,000 children, by title, page 50', runs, () => call(`${explorer}?ordering=title&p=50`)),
  );
  out.push(
    await time('search "dish 42" (111 matches of 10,000+)', runs, () => call('/wagtail/pages/search/?q=dish%2042')),
  );
  out.push(
    await time('search "section 7 page 1" (many words)', runs, () =>
      call('/wagtail/pages/search/?q=section%207%20page%201'),
    ),
  );

  // Reorder: the last of 5,000 siblings to the top and back (every sibling path shifts).
  const last = await (await call(`${explorer}?ordering=ord&p=100`)).text();
  const csrf = /name="csrfmiddlewaretoken" value="([^"]+)"/.exec(last)![1]!;
  let flip = 0;
  const movingId = Number([...last.matchAll(/\/wagtail\/pages\/(\d+)\/set_position\//g)].at(-1)![1]);
  out.push(
    await time('set_position: move up / down by one (of 5,000)', runs, () =>
      call(`/wagtail/pages/${movingId}/set_position/?position=${flip++ % 2 === 0 ? 4998 : 4999}`, {
        method: 'POST',
        headers: { 'X-CSRFToken': csrf, Accept: 'application/json' },
      }),
    ),
  );
  flip = 0;
  out.push(
    await time('set_position: first to last and back (all 5,000 shift)', runs, () =>
      call(`/wagtail/pages/${movingId}/set_position/?position=${flip++ % 2 === 0 ? 0 : 4999}`, {
        method: 'POST',
        headers: { 'X-CSRFToken': csrf, Accept: 'application/json' },
      }),
    ),
  );

  // Saving the 60-block page: the edit form as the browser posts it, opened fresh before each save.
  const edit = `/wagtail/pages/${options.sixtyBlockPageId}/edit/`;
  let form = new URLSearchParams();
  const openForm = async () => {
    const html = await (await call(edit)).text();
    const field = (name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? '';
    const content = /<textarea[^>]*name="content_json"[^>]*>([^<]*)<\/textarea>/.exec(html)?.[1] ?? '';
    const unescape = (text: string) =>
      text
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
    form = new URLSearchParams({
      csrfmiddlewaretoken: field('csrfmiddlewaretoken'),
      base_revision_id: field('base_revision_id'),
      title: unescape(field('title')),
      slug: field('slug'),
      seo_title: '',
      search_description: '',
      go_live_at: '',
      expire_at: '',
      content_json: unescape(content),
    });
  };
  out.push(
    await time(
      'save a 60-block page (POST edit form, draft)',
      runs,
      () =>
        call(edit, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form }),
      openForm,
    ),
  );
  // The live preview's refresh: the unsaved form posted to the preview route, rendered by the public template.
  await openForm();
  out.push(
    await time('live preview refresh of the 60-block page (POST edit/preview)', runs, () =>
      call(`${edit}preview/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form,
      }),
    ),
  );
  return out;
}
