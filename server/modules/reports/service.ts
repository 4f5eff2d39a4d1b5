import type { Db } from '../../db';
import type { ListQuery } from '../../listing/list-query';
import { listSiteHistory, listUsersByName, type HistoryRow, type HistoryScope } from './history-repo';
import { listLockedPages, listLockHolders, type LockedPageRow } from './locked-repo';
import type { PageScope } from './scope-repo';
import { countPagesByType, listAgingPages, type AgingPageRow } from './aging-repo';
import {
  listSubmitters,
  listWorkflowSubmissions,
  listWorkflowTaskStates,
  type WorkflowReportRow,
} from './workflow-repo';
import { pageTypes } from '../pages/page-types';
import { listLocaleCodes, listSections, listTranslationStates, translationStatesOfPages } from './translations-repo';

/**
 * The reports' reads (the back office's /wagtail/reports/ screens). Every list takes the viewer's
 * scope: which page subtrees and models they may see. Read-only: no transaction, no rules beyond
 * the scope.
 */
export type { AgingPageRow, HistoryRow, HistoryScope, LockedPageRow, PageScope, WorkflowReportRow };
export { PAGE_OBJECT_TYPE } from './history-repo';

export const lockedPages = (db: Db, query: ListQuery, scope: PageScope) => listLockedPages(db, query, scope);
export const lockHolders = (db: Db) => listLockHolders(db);
export const siteHistory = (db: Db, query: ListQuery, scope: HistoryScope) => listSiteHistory(db, query, scope);
export const usersByName = (db: Db) => listUsersByName(db);
export const workflowSubmissions = (db: Db, query: ListQuery, scope: PageScope) =>
  listWorkflowSubmissions(db, query, scope);
export const workflowTaskStates = (db: Db, query: ListQuery, scope: PageScope) =>
  listWorkflowTaskStates(db, query, scope);
export const submitters = (db: Db) => listSubmitters(db);
export const agingPages = (db: Db, query: ListQuery, scope: PageScope) => listAgingPages(db, query, scope);

/** The page types pages can have (every registered type but the tree root's), by label. */
export function pageTypeChoices(): Array<{ value: string; label: string }> {
  return [...pageTypes.values()]
    .filter((type) => type.type !== 'Root')
    .map((type) => ({ value: type.type, label: type.label }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

export type PageTypeUsageRow = { id: number; type: string; label: string; count: number };

/**
 * Each page type with how many pages in scope use it (0 included, as Wagtail lists them). The
 * types are the code's registry (a few dozen at most), so search, sort and paging happen here.
 */
export async function pageTypeUsage(
  db: Db,
  query: ListQuery,
  scope: PageScope,
): Promise<{ rows: PageTypeUsageRow[]; total: number }> {
  const counts = await countPagesByType(db, scope);
  const words = query.q.toLowerCase().split(/\s+/).filter(Boolean);
  const rows = pageTypeChoices()
    .map((choice, index) => ({
      id: index + 1,
      type: choice.value,
      label: choice.label,
      count: counts.get(choice.value) ?? 0,
    }))
    .filter((row) => words.every((word) => `${row.label} ${row.type}`.toLowerCase().includes(word)));
  const direction = query.order.desc ? -1 : 1;
  rows.sort(
    (a, b) =>
      direction *
      (query.order.column === 'count'
        ? a.count - b.count || a.label.localeCompare(b.label)
        : a.label.localeCompare(b.label)),
  );
  return { rows: rows.slice(query.offset, query.offset + query.limit), total: rows.length };
}

export type { TranslationReportRow, TranslationState } from './translations-repo';
export const translationStates = (db: Db, query: ListQuery, scope: PageScope) =>
  listTranslationStates(db, query, scope);
export const translationSections = (db: Db) => listSections(db);
export const translationLocales = (db: Db) => listLocaleCodes(db);
/** The explorer's badges: the translation state of these pages, as sources or as translations. */
export const translationStatesOf = (db: Db, pageIds: number[]) => translationStatesOfPages(db, pageIds);
