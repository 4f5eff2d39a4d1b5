import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../database';
import type { Db } from '../../db';
import { inModerationSelection, listingSelection, type PageListing } from './repo';
import { whereFilters, type PageListFilters } from './filters-repo';

export type PageSearchFilter = {
  /**
   * The words to find, lower-cased; each must appear in the title, the slug or the SEO title (else
   * full text). None: every page passing the listing filters (a filtered search with no words).
   */
  terms: string[];
  /** The whole query, lower-cased, for ranking title matches. */
  phrase: string;
  /** Only inside these subtrees (the user's granted pages); null: everywhere (superusers). */
  roots: string[] | null;
  /** The explorer's filters (type, status, owner, site, language), already resolved. */
  filters?: PageListFilters;
};

type Eb = ExpressionBuilder<Database, 'pages'>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The page's words in one text-search configuration: the same expression as the indexes of
 * migrations/2026_11_29_800000_page_search_vectors.ts, so the planner can use them.
 */
const vector = (config: 'english' | 'french') =>
  sql`(to_tsvector(${sql.lit(config)}::regconfig, coalesce(pages.title, '') || ' ' || coalesce(pages.seo_title, '')) ||
    jsonb_to_tsvector(${sql.lit(config)}::regconfig, pages.content, '["string"]'))`;

/** Pages in a French locale are stemmed as French, every other page as English. */
const isFrench = sql<boolean>`exists (select 1 from locales where locales.id = pages.locale_id and locales.language_code like 'fr%')`;

/** Title, body text and SEO title by full-text search in the page's language (stems: 'boat' finds 'boats'). */
function fullText(phrase: string) {
  return sql<boolean>`((${isFrench} and ${vector('french')} @@ plainto_tsquery('french'::regconfig, ${phrase}))
    or (not ${isFrench} and ${vector('english')} @@ plainto_tsquery('english'::regconfig, ${phrase})))`;
}

function matches(eb: Eb, filter: PageSearchFilter) {
  const words = filter.terms.map((term) => {
    const pattern = `%${escapeLike(term)}%`;
    return eb.or([
      eb('pages.title', 'ilike', pattern),
      eb('pages.slug', 'ilike', pattern),
      eb('pages.seo_title', 'ilike', pattern),
    ]);
  });
  // Every word inside the title, slug or SEO title (part of a word too), or the phrase by full text.
  const conditions = filter.terms.length ? [eb.or([eb.and(words), fullText(filter.phrase)])] : [];
  if (filter.roots)
    conditions.push(
      filter.roots.length ? eb.or(filter.roots.map((root) => eb('pages.path', 'like', `${root}%`))) : eb.val(false),
    );
  // The tree root is nobody's page to find.
  conditions.push(eb('pages.depth', '>', 1));
  return eb.and(conditions);
}

export function countSearchResults(db: Db, filter: PageSearchFilter): Promise<number> {
  return db
    .selectFrom('pages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => matches(eb, filter))
    .$call((qb) => whereFilters(db, qb, filter.filters, inModerationSelection))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

/**
 * One page of results, best first: the title equal to the query, then titles starting with it,
 * then titles containing it, then the rest (matched word by word, or by slug or SEO title);
 * within a rank by title, then tree order.
 */
export function searchPages(
  db: Db,
  filter: PageSearchFilter,
  window: { limit: number; offset: number },
): Promise<PageListing[]> {
  const phrase = escapeLike(filter.phrase);
  const rank = sql<number>`case
    when lower(pages.title) = ${filter.phrase} then 0
    when lower(pages.title) like ${`${phrase}%`} then 1
    when lower(pages.title) like ${`%${phrase}%`} then 2
    else 3 end`;
  return db
    .selectFrom('pages')
    .select(listingSelection())
    .where((eb) => matches(eb, filter))
    .$call((qb) => whereFilters(db, qb, filter.filters, inModerationSelection))
    .orderBy(rank)
    .orderBy(sql`lower(pages.title)`)
    .orderBy('pages.path')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/** The pages at these tree paths as (path, id, title, depth): the parents of one page of results. */
export function findPagesByPaths(
  db: Db,
  paths: string[],
): Promise<Array<{ id: number; path: string; title: string; depth: number }>> {
  if (!paths.length) return Promise.resolve([]);
  return db.selectFrom('pages').select(['id', 'path', 'title', 'depth']).where('path', 'in', paths).execute();
}
