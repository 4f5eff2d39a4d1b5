import type { Db } from '../../../db';
import { HttpError } from '../../../errors';
import { collectionTree } from '../../collections/service';
import type { UserModelPermissions } from '../../permissions/model-policy';
import type { Actor, AnyViewSet, ViewSetBulkAction, ViewSetRow } from './definition';
import { formInputOf } from './form';
import * as actions from './service';

/**
 * The bulk actions that change one field of each selected row (Add to collection, Add tags): the
 * plan (which rows are acted on, which are skipped for permission, which ids name nothing) and
 * the run, which saves each row as its edit form would: the row's form values with the value
 * applied, checked by the model's own schema, saved by `updateObject` (the model's store, one
 * transaction, one 'edit' entry in its history naming the changed field). One row refused leaves
 * the others done. See docs/decisions/2026-11-29-media-bulk-actions.md.
 */

export type BulkEditPlan = {
  act: ViewSetRow[];
  /** Rows the user may not change: outside the collections their grants of that kind cover. */
  skipped: ViewSetRow[];
  /** Selected ids that name no row (deleted meanwhile, or mistyped). */
  missing: number[];
};

export type BulkEditOutcome = {
  id: number;
  title: string;
  result: 'changed' | 'unchanged' | 'failed';
  message?: string;
};

/** Where a row is filed, for a collection-scoped action (media rows carry `collection_id`). */
function collectionIdOf(viewSet: AnyViewSet, row: ViewSetRow): number {
  const id = (row as { collection_id?: unknown }).collection_id;
  if (typeof id !== 'number')
    throw new Error(`${viewSet.model} rows have no collection: a collection scope does not apply`);
  return id;
}

export async function planBulkEdit(
  db: Db,
  viewSet: AnyViewSet,
  action: ViewSetBulkAction,
  ids: readonly number[],
  permissions: UserModelPermissions,
): Promise<BulkEditPlan> {
  const rows = await actions.getObjects(db, viewSet, ids);
  const found = new Set(rows.map((row) => row.id));
  const missing = [...new Set(ids)].filter((id) => !found.has(id));
  const scope = action.collections?.items;
  if (!scope) return { act: rows, skipped: [], missing };
  const paths = new Map((await collectionTree(db)).map((collection) => [collection.id, collection.path]));
  const act: ViewSetRow[] = [];
  const skipped: ViewSetRow[] = [];
  for (const row of rows) {
    const path = paths.get(collectionIdOf(viewSet, row));
    (path !== undefined && permissions.collectionAllows(scope, path) ? act : skipped).push(row);
  }
  return { act, skipped, missing };
}

/** The first message of a failed parse of a whole row (its other fields were as saved). */
function firstMessage(error: { issues: ReadonlyArray<{ message: string }> }): string {
  return error.issues[0]?.message ?? 'The change is not valid.';
}

/** Applies `value` to each planned row, one row at a time; returns each row's outcome. */
export async function runBulkEdit(
  db: Db,
  viewSet: AnyViewSet,
  action: ViewSetBulkAction,
  rows: readonly ViewSetRow[],
  value: string,
  actor: Actor,
): Promise<BulkEditOutcome[]> {
  const { schema, fields, formValues } = viewSet;
  if (!schema || !fields || !formValues) throw new Error(`${viewSet.model} has no declared form to save through`);
  const outcomes: BulkEditOutcome[] = [];
  for (const planned of rows) {
    const title = viewSet.title(planned);
    try {
      // Read again: the confirmation screen may be old, and the version guards the save.
      const row = await actions.getObject(db, viewSet, planned.id);
      const before = formInputOf(fields, await formValues(row, db));
      const after = formInputOf(fields, action.apply(before, value));
      const old = schema.safeParse(before);
      const next = schema.safeParse(after);
      if (!next.success) {
        outcomes.push({ id: row.id, title, result: 'failed', message: firstMessage(next.error) });
        continue;
      }
      if (old.success && JSON.stringify(old.data) === JSON.stringify(next.data)) {
        outcomes.push({ id: row.id, title, result: 'unchanged' });
        continue;
      }
      await actions.updateObject(db, viewSet, row.id, row.version, next.data, actor);
      outcomes.push({ id: row.id, title, result: 'changed' });
    } catch (error) {
      // A refusal of this row (gone meanwhile, a conflict, a rule of the model) is its outcome.
      if (error instanceof HttpError && [400, 404, 409, 423].includes(error.status))
        outcomes.push({ id: planned.id, title, result: 'failed', message: error.message });
      else throw error;
    }
  }
  return outcomes;
}

/** One message with the outcome of each row: changed, unchanged, refused (with the reason), skipped. */
export function bulkEditSummary(
  viewSet: AnyViewSet,
  action: ViewSetBulkAction,
  plan: BulkEditPlan,
  outcomes: readonly BulkEditOutcome[],
  value: string,
  choiceLabel: string | undefined,
): string {
  const count = countOf(viewSet);
  const quoted = (list: readonly BulkEditOutcome[]) => list.map((o) => `'${o.title}'`).join(', ');
  const changed = outcomes.filter((o) => o.result === 'changed');
  const unchanged = outcomes.filter((o) => o.result === 'unchanged');
  const parts: string[] = [];
  if (changed.length) parts.push(`${action.done(count(changed.length), value, choiceLabel)}: ${quoted(changed)}.`);
  if (unchanged.length) parts.push(`${count(unchanged.length)} unchanged (already so): ${quoted(unchanged)}.`);
  for (const failed of outcomes.filter((o) => o.result === 'failed'))
    parts.push(`'${failed.title}' was not changed: ${failed.message}`);
  const skipped = plan.skipped.length + plan.missing.length;
  if (skipped) parts.push(`${count(skipped)} skipped.`);
  return parts.join(' ') || `No ${viewSet.names.name} was changed.`;
}

/** '1 image', '3 images'. */
export const countOf = (viewSet: AnyViewSet) => (n: number) =>
  n === 1 ? `1 ${viewSet.names.name}` : `${n} ${viewSet.names.plural}`;
