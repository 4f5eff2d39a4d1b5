import { inTransaction, type Db } from '../../../db';
import { HttpError, notFound } from '../../../errors';
import { EXPORT_MAX_ROWS } from '../../../../shared/schemas/viewset';
import { lastModelChange, logModelAction } from '../../audit/model-log';
import { deleteRevisions, findRevision, latestRevision, recordRevision } from '../../revisions/service';
import {
  modelKey,
  type Actor,
  type AnyViewSet,
  type ListQuery,
  type ViewSetContext,
  type ViewSetRow,
  type ViewSetObjectStore,
  type ViewSetStore,
} from './definition';
import { formatAdminTime } from '../../../../shared/admin/admin-clock';

/**
 * The viewset's actions, shared by every model: each runs in one transaction with its audit-log
 * entry, so the history never claims a change that was rolled back. The model's store does the
 * model's own work (its SQL and rules).
 */

const formatWhen = (iso: string) => formatAdminTime(iso);

/** The store's object operations; a list-only viewset has none, and offers no action that needs them. */
function objectStore(viewSet: AnyViewSet): ViewSetObjectStore<ViewSetRow> {
  const store = viewSet.store;
  if (!('get' in store)) throw new Error(`${modelKey(viewSet)} only lists: it reads and writes no single object`);
  return store;
}

/** The store's writes; a viewset without a form (form submissions) has none, and offers no form. */
function formStore(viewSet: AnyViewSet): ViewSetStore<ViewSetRow, unknown> {
  const store = viewSet.store;
  if (!('create' in store)) throw new Error(`${modelKey(viewSet)} has no form: it adds and edits nothing`);
  return store;
}

/** The 409 of a form opened before someone else saved: who and when, so the user can decide. */
async function staleForm(db: Db, viewSet: AnyViewSet, row: ViewSetRow): Promise<HttpError> {
  const last = await lastModelChange(db, modelKey(viewSet), row.id);
  const who = last ? `${last.user ?? 'someone'} at ${formatWhen(last.createdAt)}` : 'someone else';
  return new HttpError(
    409,
    'stale_form',
    `This ${viewSet.names.name} was changed by ${who} after you opened it. Your input is kept below: check it against the current version and save again to overwrite it.`,
  );
}

/**
 * The form values of a row before a save, and after it the names of the fields whose value
 * differs (the history's "Edited (old path, site)"). The values before are read before the store
 * writes: some live in other rows (an image's tags), which the save changes under the same row.
 */
async function valuesBefore(db: Db, viewSet: AnyViewSet, row: ViewSetRow) {
  // A model with a form of its own (customForm) has no declared fields to compare.
  return viewSet.fields ? await viewSet.formValues(row, db) : undefined;
}
async function changedLabels(
  db: Db,
  viewSet: AnyViewSet,
  before: Record<string, string> | undefined,
  after: ViewSetRow,
): Promise<string[]> {
  if (!viewSet.fields || !before) return [];
  const values = await viewSet.formValues(after, db);
  return viewSet.fields
    .filter((field) => (before[field.name] ?? '') !== (values[field.name] ?? ''))
    .map((field) => field.label.toLowerCase());
}

/** The model's afterChange hook once the transaction has committed. */
async function committed<T>(db: Db, viewSet: AnyViewSet, result: T): Promise<T> {
  await viewSet.afterChange?.(db);
  return result;
}

export async function createObject<Row extends ViewSetRow>(
  db: Db,
  viewSet: AnyViewSet,
  input: unknown,
  actor: Actor,
): Promise<Row> {
  return committed(
    db,
    viewSet,
    await inTransaction(db, async (trx) => {
      const row = (await formStore(viewSet).create(trx, input, actor)) as Row;
      let revisionId: number | null = null;
      if (viewSet.drafts)
        revisionId = (
          await recordRevision(trx, {
            model: modelKey(viewSet),
            objectId: row.id,
            objectStr: viewSet.title(row),
            content: viewSet.drafts.toContent(input),
            userId: actor.userId,
          })
        ).id;
      await logModelAction(trx, {
        model: modelKey(viewSet),
        objectId: row.id,
        objectStr: viewSet.title(row),
        userId: actor.userId,
        action: 'create',
        revisionId,
      });
      return row;
    }),
  );
}

/**
 * Saves an edit form opened on `version`. A newer save meanwhile is a 409 naming who saved it and
 * when (nothing is written; the route redisplays the input with the newer version, so saving
 * again overwrites knowingly). `version` is undefined only for a model whose rows have none.
 */
export async function updateObject<Row extends ViewSetRow>(
  db: Db,
  viewSet: AnyViewSet,
  id: number,
  version: number | undefined,
  input: unknown,
  actor: Actor,
): Promise<Row> {
  return committed(
    db,
    viewSet,
    await inTransaction(db, async (trx) => {
      const row = (await objectStore(viewSet).get(trx, id, { lock: true })) as Row | undefined;
      if (!row) throw notFound(`The ${viewSet.names.name} does not exist.`);
      if (row.version !== undefined && row.version !== version) throw await staleForm(trx, viewSet, row);
      const before = await valuesBefore(trx, viewSet, row);
      const saved = (await formStore(viewSet).update(trx, row, input, actor)) as Row;
      const changed = await changedLabels(trx, viewSet, before, saved);
      let revisionId: number | null = null;
      if (viewSet.drafts)
        revisionId = (
          await recordRevision(trx, {
            model: modelKey(viewSet),
            objectId: row.id,
            objectStr: viewSet.title(saved),
            content: viewSet.drafts.toContent(input),
            userId: actor.userId,
          })
        ).id;
      await logModelAction(trx, {
        model: modelKey(viewSet),
        objectId: row.id,
        objectStr: viewSet.title(saved),
        userId: actor.userId,
        action: 'edit',
        data: { changed },
        revisionId,
      });
      return saved;
    }),
  );
}

/** Deletes the objects (one or a bulk selection) with one 'delete' entry each. */
export async function deleteObjects(
  context: ViewSetContext,
  viewSet: AnyViewSet,
  ids: readonly number[],
  actor: Actor,
): Promise<ViewSetRow[]> {
  return committed(
    context.db,
    viewSet,
    await inTransaction(context.db, async (trx) => {
      const rows: ViewSetRow[] = [];
      for (const id of [...new Set(ids)]) {
        const row = await objectStore(viewSet).get(trx, id, { lock: true });
        if (row) rows.push(row);
      }
      if (rows.length === 0) throw notFound(`The ${viewSet.names.plural} no longer exist.`);
      const store = objectStore(viewSet);
      if (!store.remove) throw new Error(`${modelKey(viewSet)} cannot be deleted (no route offers it)`);
      await store.remove({ ...context, db: trx }, rows, actor);
      await deleteRevisions(
        trx,
        modelKey(viewSet),
        rows.map((row) => row.id),
      );
      for (const row of rows)
        await logModelAction(trx, {
          model: modelKey(viewSet),
          objectId: row.id,
          objectStr: viewSet.title(row),
          userId: actor.userId,
          action: 'delete',
        });
      return rows;
    }),
  );
}

/** Rows by id, in the order asked, skipping ids that no longer exist. */
export async function getObjects(db: Db, viewSet: AnyViewSet, ids: readonly number[]): Promise<ViewSetRow[]> {
  const rows: ViewSetRow[] = [];
  for (const id of [...new Set(ids)]) {
    const row = await objectStore(viewSet).get(db, id);
    if (row) rows.push(row);
  }
  return rows;
}

export async function getObject(db: Db, viewSet: AnyViewSet, id: number): Promise<ViewSetRow> {
  const row = await objectStore(viewSet).get(db, id);
  if (!row) throw notFound(`The ${viewSet.names.name} does not exist.`);
  return row;
}

/** How many places use each object (0 for a model without a usage hook: null). */
export async function usageCounts(
  db: Db,
  viewSet: AnyViewSet,
  rows: ViewSetRow[],
): Promise<Map<number, number> | null> {
  return viewSet.usage ? viewSet.usage.count(db, rows) : null;
}

/**
 * Every row of the filtered list in its order, for CSV and XLSX (at most EXPORT_MAX_ROWS), read
 * in batches through the list's own query (a viewset's store, or a report's).
 */
export async function exportRows<Row>(
  list: (query: ListQuery) => Promise<{ rows: Row[] }>,
  query: Omit<ListQuery, 'limit' | 'offset'>,
): Promise<Row[]> {
  const out: Row[] = [];
  const BATCH = 1000;
  for (let offset = 0; offset < EXPORT_MAX_ROWS; offset += BATCH) {
    const { rows } = await list({ ...query, limit: Math.min(BATCH, EXPORT_MAX_ROWS - offset), offset });
    out.push(...rows);
    if (rows.length < BATCH) break;
  }
  return out;
}

// Drafts: the live row holds the published values; object_revisions holds every saved version.

/** The newest revision's content as the model's input (the edit form of a model with drafts shows it). */
export async function latestDraft(
  db: Db,
  viewSet: AnyViewSet,
  row: ViewSetRow,
): Promise<{ input: unknown; revisionId: number } | undefined> {
  if (!viewSet.drafts) return undefined;
  const revision = await latestRevision(db, modelKey(viewSet), row.id);
  const input = revision ? viewSet.drafts.fromContent(revision.content) : undefined;
  return revision && input !== undefined ? { input, revisionId: revision.id } : undefined;
}

/**
 * Saves a draft of an object with drafts: a new revision; the live row is untouched except its
 * version (so a form opened before it is stale). `publish` also copies the input onto the live row.
 */
export async function saveDraft<Row extends ViewSetRow>(
  db: Db,
  viewSet: AnyViewSet,
  id: number,
  version: number,
  input: unknown,
  actor: Actor,
  options: { publish: boolean },
): Promise<Row> {
  const drafts = viewSet.drafts;
  if (!drafts) throw new Error(`${modelKey(viewSet)} has no drafts`);
  return committed(
    db,
    viewSet,
    await inTransaction(db, async (trx) => {
      const row = (await objectStore(viewSet).get(trx, id, { lock: true })) as Row | undefined;
      if (!row) throw notFound(`The ${viewSet.names.name} does not exist.`);
      if (row.version !== version) throw await staleForm(trx, viewSet, row);
      // A draft is checked against the database too (a menu's page links), not only when published.
      await drafts.check?.(trx, input);
      const revision = await recordRevision(trx, {
        model: modelKey(viewSet),
        objectId: row.id,
        objectStr: viewSet.title(row),
        content: drafts.toContent(input),
        userId: actor.userId,
      });
      const saved = (
        options.publish ? await drafts.publish(trx, row, input, actor) : await drafts.touch(trx, row)
      ) as Row;
      await logModelAction(trx, {
        model: modelKey(viewSet),
        objectId: row.id,
        objectStr: viewSet.title(saved),
        userId: actor.userId,
        action: options.publish ? 'publish' : 'edit',
        data: options.publish ? {} : { draft: true },
        revisionId: revision.id,
      });
      return saved;
    }),
  );
}

/** Reverting makes an old revision the newest draft (Wagtail's revert: never publishes by itself). */
export async function revertToRevision(
  db: Db,
  viewSet: AnyViewSet,
  id: number,
  revisionId: number,
  actor: Actor,
): Promise<void> {
  const drafts = viewSet.drafts;
  if (!drafts) throw new Error(`${modelKey(viewSet)} has no drafts`);
  await committed(
    db,
    viewSet,
    await inTransaction(db, async (trx) => {
      const row = await objectStore(viewSet).get(trx, id, { lock: true });
      if (!row) throw notFound(`The ${viewSet.names.name} does not exist.`);
      const old = await findRevision(trx, modelKey(viewSet), id, revisionId);
      if (!old || drafts.fromContent(old.content) === undefined) throw notFound('That revision does not exist.');
      const revision = await recordRevision(trx, {
        model: modelKey(viewSet),
        objectId: id,
        objectStr: viewSet.title(row),
        content: old.content,
        userId: actor.userId,
      });
      await drafts.touch(trx, row);
      await logModelAction(trx, {
        model: modelKey(viewSet),
        objectId: id,
        objectStr: viewSet.title(row),
        userId: actor.userId,
        action: 'revert',
        data: { reverted_to_created_at: new Date(old.created_at).toISOString(), reverted_to_id: old.id },
        revisionId: revision.id,
      });
    }),
  );
}
