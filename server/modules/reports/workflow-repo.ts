import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../database';
import type { Db } from '../../db';
import type { ListQuery } from '../../listing/list-query';
import { pageOfRows } from '../../listing/rows-repo';
import { dayAfter, dayStart, pathInScope, userName, type PageScope } from './scope-repo';

/**
 * One submission for moderation as the workflow reports list it: its page, workflow and task,
 * status, who submitted and when, who ended it and when.
 *
 * The task named is the one in progress, or for an ended submission the last one it reached.
 */
export type WorkflowReportRow = {
  id: number;
  page_id: number;
  page_title: string;
  path: string;
  owner_id: number | null;
  numchild: number;
  workflow_name: string;
  task_name: string;
  status: string;
  requested_by_name: string | null;
  created_at: Date;
  finished_at: Date | null;
  finished_by_name: string | null;
};

/** Submissions of pages in scope, filtered as filteredPage says. */
export function listWorkflowSubmissions(
  db: Db,
  query: ListQuery,
  scope: PageScope,
): Promise<{ rows: WorkflowReportRow[]; total: number }> {
  const inner = db
    .selectFrom('workflow_states as w')
    .innerJoin('pages as p', 'p.id', 'w.page_id')
    .innerJoin('workflows as wf', 'wf.id', 'w.workflow_id')
    .leftJoin('users as requester', 'requester.id', 'w.requested_by_id')
    .leftJoin('users as finisher', 'finisher.id', 'w.finished_by_id')
    .select([
      'w.id',
      'w.page_id',
      'p.title as page_title',
      'p.path',
      'p.owner_id',
      'p.numchild',
      'wf.name as workflow_name',
      sql<string>`coalesce((SELECT t.name FROM workflow_task_states ts JOIN workflow_tasks t ON t.id = ts.task_id WHERE ts.workflow_state_id = w.id ORDER BY ts.id DESC LIMIT 1), '')`.as(
        'task_name',
      ),
      sql<string>`cast(w.status as text)`.as('status'),
      'w.requested_by_id',
      userName('requester').as('requested_by_name'),
      'w.created_at',
      'w.finished_at',
      userName('finisher').as('finished_by_name'),
    ])
    .where(pathInScope(scope, 'p.path'));
  return filteredPage(db, inner, query, ['s.page_title']);
}

/**
 * Each task of each submission in scope (Wagtail's TaskState): the task, its own status and dates,
 * who ended it. Filters as for submissions; `status` and the dates are the task's.
 */
export function listWorkflowTaskStates(
  db: Db,
  query: ListQuery,
  scope: PageScope,
): Promise<{ rows: WorkflowReportRow[]; total: number }> {
  const inner = db
    .selectFrom('workflow_task_states as ts')
    .innerJoin('workflow_states as w', 'w.id', 'ts.workflow_state_id')
    .innerJoin('workflow_tasks as t', 't.id', 'ts.task_id')
    .innerJoin('workflows as wf', 'wf.id', 'w.workflow_id')
    .innerJoin('pages as p', 'p.id', 'w.page_id')
    .leftJoin('users as requester', 'requester.id', 'w.requested_by_id')
    .leftJoin('users as finisher', 'finisher.id', 'ts.finished_by_id')
    .select([
      'ts.id',
      'w.page_id',
      'p.title as page_title',
      'p.path',
      'p.owner_id',
      'p.numchild',
      'wf.name as workflow_name',
      't.name as task_name',
      sql<string>`cast(ts.status as text)`.as('status'),
      'w.requested_by_id',
      userName('requester').as('requested_by_name'),
      'ts.started_at as created_at',
      'ts.finished_at',
      userName('finisher').as('finished_by_name'),
    ])
    .where(pathInScope(scope, 'p.path'));
  return filteredPage(db, inner, query, ['s.page_title', 's.task_name']);
}

/**
 * Both reports' rows have the same columns: the filters (`status`, `requested_by` a user id,
 * `date_from` / `date_to` started, UTC days), search, sort and paging apply to them alike.
 */
function filteredPage(
  db: Db,
  rows: SelectQueryBuilder<Database, never, WorkflowReportRow & { requested_by_id: number | null }>,
  query: ListQuery,
  search: string[],
) {
  const { status, requested_by: requestedBy, date_from: from, date_to: to } = query.filters;
  let base = db.selectFrom(rows.as('s')).selectAll('s');
  if (status) base = base.where('s.status', '=', status);
  if (requestedBy) base = base.where('s.requested_by_id', '=', Number(requestedBy));
  if (from) base = base.where('s.created_at', '>=', dayStart(from));
  if (to) base = base.where('s.created_at', '<', dayAfter(to));
  return pageOfRows(base, query, {
    search,
    sort: {
      page: 's.page_title',
      status: 's.status',
      requested_by: 's.requested_by_name',
      created_at: 's.created_at',
      finished_at: 's.finished_at',
    },
    id: 's.id',
  }) as Promise<{ rows: WorkflowReportRow[]; total: number }>;
}

/** The users who submitted something for moderation (the reports' filter). */
export function listSubmitters(db: Db): Promise<Array<{ id: number; name: string | null }>> {
  return db
    .selectFrom('users as u')
    .select(['u.id', userName('u').as('name')])
    .where((eb) =>
      eb.exists(eb.selectFrom('workflow_states as w').select('w.id').whereRef('w.requested_by_id', '=', 'u.id')),
    )
    .orderBy('u.username')
    .execute();
}
