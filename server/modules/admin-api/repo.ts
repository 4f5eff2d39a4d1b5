import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../database';
import type { Db } from '../../db';
import { ancestorPaths } from '../../tree-path';
import { inModerationColumn } from '../moderation/repo';

export type ApiPageRow = {
  id: number;
  path: string;
  depth: number;
  title: string;
  slug: string;
  page_type: string;
  url_path: string;
  live: boolean;
  expired: boolean;
  has_unpublished_changes: boolean;
  numchild: number;
  owner_id: number | null;
  first_published_at: Date | null;
  last_published_at: Date | null;
  updated_at: Date;
  scheduled: boolean;
  in_moderation: boolean;
};

export type ApiPageFilter = {
  /** Only these paths' subtrees and their ancestors (a non-superuser's explorable pages); null: all. */
  visibleRoots: string[] | null;
  childOf?: { path: string; depth: number };
  descendantOf?: { path: string };
  type?: string;
  search?: string;
};

type Eb = ExpressionBuilder<Database, 'pages'>;

function where(eb: Eb, filter: ApiPageFilter) {
  const conditions = [];
  if (filter.visibleRoots) {
    const ancestors = [...new Set(filter.visibleRoots.flatMap((root) => ancestorPaths(root)))];
    const visible = [
      ...filter.visibleRoots.map((root) => eb('pages.path', 'like', `${root}%`)),
      ...(ancestors.length ? [eb('pages.path', 'in', ancestors)] : []),
    ];
    conditions.push(visible.length ? eb.or(visible) : eb.val(false));
  }
  if (filter.childOf)
    conditions.push(
      eb.and([eb('pages.path', 'like', `${filter.childOf.path}%`), eb('pages.depth', '=', filter.childOf.depth + 1)]),
    );
  if (filter.descendantOf)
    conditions.push(
      eb.and([
        eb('pages.path', 'like', `${filter.descendantOf.path}%`),
        eb('pages.path', '!=', filter.descendantOf.path),
      ]),
    );
  if (filter.type) conditions.push(eb('pages.page_type', '=', filter.type));
  if (filter.search)
    conditions.push(eb('pages.title', 'ilike', `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  // The tree root is not a page anyone edits; Wagtail's admin API leaves it out of listings too.
  conditions.push(eb('pages.depth', '>', 1));
  return eb.and(conditions);
}

const columns = [
  'pages.id',
  'pages.path',
  'pages.depth',
  'pages.title',
  'pages.slug',
  'pages.page_type',
  'pages.url_path',
  'pages.live',
  'pages.expired',
  'pages.has_unpublished_changes',
  'pages.numchild',
  'pages.owner_id',
  'pages.first_published_at',
  'pages.last_published_at',
  'pages.updated_at',
] as const;
const scheduled =
  sql<boolean>`exists (select 1 from page_revisions r where r.page_id = pages.id and r.approved_go_live_at is not null)`.as(
    'scheduled',
  );

export function listApiPages(
  db: Db,
  filter: ApiPageFilter,
  order: { column: 'id' | 'title' | 'path' | 'updated_at' | 'first_published_at'; desc: boolean },
  window: { limit: number; offset: number },
): Promise<ApiPageRow[]> {
  return db
    .selectFrom('pages')
    .select([...columns, scheduled, inModerationColumn()])
    .where((eb) => where(eb, filter))
    .orderBy(`pages.${order.column}`, order.desc ? 'desc' : 'asc')
    .orderBy('pages.id')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export function countApiPages(db: Db, filter: ApiPageFilter): Promise<number> {
  return db
    .selectFrom('pages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => where(eb, filter))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

export function findApiPage(db: Db, id: number): Promise<ApiPageRow | undefined> {
  return db
    .selectFrom('pages')
    .select([...columns, scheduled, inModerationColumn()])
    .where('pages.id', '=', id)
    .executeTakeFirst();
}

export function findParent(db: Db, path: string): Promise<{ id: number; title: string } | undefined> {
  if (path.length <= 4) return Promise.resolve(undefined);
  return db.selectFrom('pages').select(['id', 'title']).where('path', '=', path.slice(0, -4)).executeTakeFirst();
}

/** A page (live or not) by its url_path inside one site root's subtree. */
export function findPageIdByUrlPath(db: Db, urlPath: string, rootPath: string): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('pages')
    .select('id')
    .where('url_path', '=', urlPath)
    .where('path', 'like', `${rootPath}%`)
    .executeTakeFirst();
}
