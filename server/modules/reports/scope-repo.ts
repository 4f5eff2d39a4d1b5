import { displayNameSql } from '../users/repo';
import { sql, type Expression, type SqlBool } from 'kysely';

/**
 * Which pages a report may show the viewer: every page (superusers: `paths` null) or the pages
 * inside the subtrees where the viewer holds a page permission (explorablePaths). Ancestors the
 * explorer shows only to navigate through never appear in a report.
 */
export type PageScope = { paths: readonly string[] | null };

/** The SQL condition "this page path is in scope" (tree paths are base-36, no LIKE wildcards). */
export function pathInScope(scope: PageScope, pathColumn: string): Expression<SqlBool> {
  if (scope.paths === null) return sql<SqlBool>`true`;
  if (scope.paths.length === 0) return sql<SqlBool>`false`;
  return sql<SqlBool>`(${sql.join(
    scope.paths.map((path) => sql`${sql.ref(pathColumn)} like ${`${path}%`}`),
    sql` or `,
  )})`;
}

/** A joined user's display name as the admin shows it (users/repo.ts). */
export const userName = displayNameSql;

/** The start of a UTC day given as YYYY-MM-DD, and the start of the next one (inclusive date ranges). */
export const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
export const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);
