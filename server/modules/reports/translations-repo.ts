import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db';
import type { ListQuery } from '../../listing/list-query';
import { pageOfRows } from '../../listing/rows-repo';
import { pathInScope, type PageScope } from './scope-repo';

export type TranslationState = 'missing' | 'in_progress' | 'out_of_date' | 'up_to_date';

/** A source page and one other locale: is its translation missing, in progress, out of date or up to date? */
export type TranslationReportRow = {
  /** The pair's key (page and locale), for stable paging. */
  id: number;
  page_id: number;
  title: string;
  path: string;
  owner_id: number | null;
  numchild: number;
  url_path: string;
  source_language: string;
  locale_id: number;
  language_code: string;
  translation_id: number | null;
  translated_page: { id: number; path: string; owner_id: number | null; numchild: number } | null;
  state: TranslationState;
  total: number;
  translated: number;
  out_of_date: number;
  percent: number;
};

type Raw = Omit<TranslationReportRow, 'translated_page'> & {
  tp_id: number | null;
  tp_path: string | null;
  tp_owner_id: number | null;
  tp_numchild: number | null;
};

/**
 * The Translations report's rows: each page (below the site homes) and each other locale where
 * either a translation of it exists (made with Translate: counted by segment) or it is missing
 * (no page of its translation key in that locale, although its parent has one, so Translate
 * would offer it). Pages linked to a translation by key alone (the seeded French pages) are not
 * counted: nothing says which side is the source. A row is in scope when its source page or its
 * translated page is (a translator granted only the French tree sees their work).
 * Filters: `locale` (an id), `state`, `section` (a page id: that page and below).
 */
export async function listTranslationStates(
  db: Db,
  query: ListQuery,
  scope: PageScope,
): Promise<{ rows: TranslationReportRow[]; total: number }> {
  let sectionPath: string | undefined;
  if (query.filters.section) {
    const section = await db
      .selectFrom('pages')
      .select('path')
      .where('id', '=', Number(query.filters.section))
      .executeTakeFirst();
    sectionPath = section?.path ?? '-';
  }
  const pairs = pairsQuery(db, {
    scope,
    localeId: query.filters.locale ? Number(query.filters.locale) : undefined,
    sectionPath,
  });
  let base = db.selectFrom(pairs.as('a')).selectAll('a');
  if (query.filters.state) base = base.where('a.state', '=', query.filters.state as TranslationState);
  const { rows, total } = (await pageOfRows(base, query, {
    search: ['a.title'],
    sort: { title: 'a.title', locale: 'a.language_code', state: 'a.state', percent: 'a.percent' },
    id: 'a.id',
  })) as { rows: Raw[]; total: number };
  return { total, rows: rows.map(rowOf) };
}

/** The pairs of the given pages, as sources or as translations (the explorer's badges), in locale order. */
export async function translationStatesOfPages(db: Db, pageIds: number[]): Promise<TranslationReportRow[]> {
  if (!pageIds.length) return [];
  const rows = await db
    .selectFrom(pairsQuery(db, { pageIds }).as('a'))
    .selectAll('a')
    .orderBy('a.language_code')
    .execute();
  return (rows as Raw[]).map(rowOf);
}

const rowOf = ({ tp_id, tp_path, tp_owner_id, tp_numchild, ...row }: Raw): TranslationReportRow => ({
  ...row,
  id: Number(row.id),
  translated_page:
    tp_id === null ? null : { id: tp_id, path: tp_path!, owner_id: tp_owner_id, numchild: tp_numchild ?? 0 },
});

/** Every (page, other locale) pair with a translation or a missing one, narrowed as asked, with its state. */
function pairsQuery(db: Db, only: { scope?: PageScope; localeId?: number; sectionPath?: string; pageIds?: number[] }) {
  const sourceIds = sql`(select e ->> 'id' from jsonb_array_elements(s.segments) e)`;
  const count = (status: string) =>
    sql<number>`(select count(*)::int from segment_translations st
      where st.translation_id = pt.id and st.status = ${status} and st.segment_id in ${sourceIds})`;
  const total = sql<number>`coalesce(jsonb_array_length(s.segments), 0)`;
  let inner = db
    .selectFrom('pages as p')
    .innerJoin('locales as l', (join) => join.onRef('l.id', '!=', 'p.locale_id'))
    .innerJoin('locales as sl', 'sl.id', 'p.locale_id')
    .leftJoin('translation_sources as s', 's.page_id', 'p.id')
    .leftJoin('page_translations as pt', (join) =>
      join.onRef('pt.source_id', '=', 's.id').onRef('pt.locale_id', '=', 'l.id'),
    )
    .leftJoin('pages as tp', 'tp.id', 'pt.page_id')
    .select([
      sql<number>`p.id::bigint * 100000 + l.id`.as('id'),
      'p.id as page_id',
      'p.title',
      'p.path',
      'p.owner_id',
      'p.numchild',
      'p.url_path',
      'sl.language_code as source_language',
      'l.id as locale_id',
      'l.language_code',
      'pt.id as translation_id',
      'tp.id as tp_id',
      'tp.path as tp_path',
      'tp.owner_id as tp_owner_id',
      'tp.numchild as tp_numchild',
      sql<number>`case when pt.id is null then 0 else ${total} end`.as('total'),
      count('translated').as('translated'),
      count('out_of_date').as('out_of_date'),
    ])
    .where('p.depth', '>', 2)
    .where((eb) =>
      eb.or([
        eb('pt.id', 'is not', null),
        sql<SqlBool>`(not exists (select 1 from pages x where x.translation_key = p.translation_key and x.locale_id = l.id)
          and exists (select 1 from pages parent join pages pp on pp.translation_key = parent.translation_key and pp.locale_id = l.id
            where parent.path = substr(p.path, 1, length(p.path) - 4)))`,
      ]),
    );
  const { scope, localeId, sectionPath, pageIds } = only;
  if (scope)
    inner = inner.where((eb) =>
      eb.or([pathInScope(scope, 'p.path'), eb.and([eb('tp.path', 'is not', null), pathInScope(scope, 'tp.path')])]),
    );
  if (localeId !== undefined) inner = inner.where('l.id', '=', localeId);
  if (sectionPath !== undefined) inner = inner.where('p.path', 'like', `${sectionPath}%`);
  if (pageIds) inner = inner.where((eb) => eb.or([eb('p.id', 'in', pageIds), eb('tp.id', 'in', pageIds)]));
  return db
    .selectFrom(inner.as('c'))
    .selectAll('c')
    .select([
      sql<TranslationState>`case when c.translation_id is null then 'missing'
        when c.out_of_date > 0 then 'out_of_date'
        when c.translated >= c.total then 'up_to_date' else 'in_progress' end`.as('state'),
      sql<number>`case when c.total = 0 then 0 else (c.translated * 100) / c.total end`.as('percent'),
    ]);
}

/** The report's section filter: the pages just below each site's home. */
export function listSections(db: Db): Promise<Array<{ id: number; title: string; language_code: string }>> {
  return db
    .selectFrom('pages as p')
    .innerJoin('locales as l', 'l.id', 'p.locale_id')
    .select(['p.id', 'p.title', 'l.language_code'])
    .where('p.depth', '=', 3)
    .orderBy('p.path')
    .execute();
}

/** The report's locale filter. */
export function listLocaleCodes(db: Db): Promise<Array<{ id: number; language_code: string }>> {
  return db.selectFrom('locales').select(['id', 'language_code']).orderBy('language_code').execute();
}
