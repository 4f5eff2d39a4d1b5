import { sql, type SelectQueryBuilder } from 'kysely';
import type { ListQuery } from './list-query';

/** How a model's list query searches and sorts: SQL references ('r.old_path') by column name. */
export type ListSpec = {
  /** Every word of the search must match one of these text columns (ILIKE, same on PGlite and PostgreSQL). */
  search: readonly string[];
  /** Sortable column name -> SQL reference. */
  sort: Readonly<Record<string, string>>;
  /** The unique id column that breaks ties, so pages never overlap or skip rows. */
  id: string;
};

const MAX_WORDS = 8;
const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The ILIKE patterns of a list search: one per word, at most eight (every word must match). */
export const searchPatterns = (q: string) =>
  q
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_WORDS)
    .map((word) => `%${escapeLike(word)}%`);

/**
 * One page of a model's list and the count of every match: the shared SQL of every viewset list.
 * The domain repo builds the base query (its table, joins, selected columns and filters) and
 * passes it here. Order: the chosen column, then the id in the same direction (stable pages).
 */
export async function pageOfRows<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, O>,
  query: ListQuery,
  spec: ListSpec,
): Promise<{ rows: O[]; total: number }> {
  // Kysely cannot type column references chosen at run time; the spec's strings are the repo's own constants.
  let filtered = base as SelectQueryBuilder<any, any, O>;
  const patterns = searchPatterns(query.q);
  if (patterns.length && spec.search.length) {
    for (const pattern of patterns) {
      filtered = filtered.where((eb) => eb.or(spec.search.map((column) => eb(sql.ref(column), 'ilike', pattern))));
    }
  }
  const counted = await filtered
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirst();
  const total = Number((counted as { n?: unknown } | undefined)?.n ?? 0);
  const column = spec.sort[query.order.column] ?? spec.id;
  const direction = query.order.desc ? 'desc' : 'asc';
  const rows = await filtered
    .orderBy(sql.ref(column), direction)
    .orderBy(sql.ref(spec.id), direction)
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  return { rows, total };
}
