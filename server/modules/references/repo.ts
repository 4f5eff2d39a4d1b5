import { sql } from 'kysely';
import type { Db } from '../../db';
import type { ReferenceRow } from './table';

export type ObjectKey = { model: string; id: string };
export type ReferenceTarget = { model: string; id: string; field: string };

/** Replaces every row from one object with `to` (already deduplicated). */
export async function replaceFrom(db: Db, from: ObjectKey, to: readonly ReferenceTarget[]): Promise<void> {
  await db.deleteFrom('reference_index').where('from_model', '=', from.model).where('from_id', '=', from.id).execute();
  if (to.length === 0) return;
  await db
    .insertInto('reference_index')
    .values(
      to.map((target) => ({
        from_model: from.model,
        from_id: from.id,
        to_model: target.model,
        to_id: target.id,
        field: target.field,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function deleteRowsFrom(db: Db, from: { model: string; ids: readonly string[] }): Promise<void> {
  if (from.ids.length === 0) return;
  await db
    .deleteFrom('reference_index')
    .where('from_model', '=', from.model)
    .where('from_id', 'in', from.ids)
    .execute();
}

/** How many distinct objects reference each target id (ids absent from the map: none). */
export async function countTo(db: Db, to: { model: string; ids: readonly string[] }): Promise<Map<string, number>> {
  if (to.ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('reference_index')
    .select(['to_id', sql<string>`count(distinct (from_model, from_id))`.as('n')])
    .where('to_model', '=', to.model)
    .where('to_id', 'in', to.ids)
    .groupBy('to_id')
    .execute();
  return new Map(rows.map((row) => [row.to_id, Number(row.n)]));
}

/** The rows pointing at one object, in a stable order (referencing model, id, field). */
export function listTo(db: Db, to: ObjectKey, limit: number): Promise<ReferenceRow[]> {
  return db
    .selectFrom('reference_index')
    .selectAll()
    .where('to_model', '=', to.model)
    .where('to_id', '=', to.id)
    .orderBy('from_model')
    .orderBy('from_id')
    .orderBy('field')
    .limit(limit)
    .execute();
}

export function listFrom(db: Db, from: ObjectKey): Promise<ReferenceRow[]> {
  return db
    .selectFrom('reference_index')
    .selectAll()
    .where('from_model', '=', from.model)
    .where('from_id', '=', from.id)
    .orderBy('to_model')
    .orderBy('to_id')
    .orderBy('field')
    .execute();
}

/** Every target id of a model with how many objects use it (the embeds screen). */
export async function targetsOfModel(db: Db, model: string): Promise<Array<{ to_id: string; n: number }>> {
  const rows = await db
    .selectFrom('reference_index')
    .select(['to_id', sql<string>`count(distinct (from_model, from_id))`.as('n')])
    .where('to_model', '=', model)
    .groupBy('to_id')
    .orderBy('to_id')
    .execute();
  return rows.map((row) => ({ to_id: row.to_id, n: Number(row.n) }));
}
