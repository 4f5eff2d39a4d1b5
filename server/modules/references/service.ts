import type { Db } from '../../db';
import { referencesInBlocks, referencesInContent, type Reference } from './block-references';
import * as repo from './repo';

export { referencesInBlocks, referencesInContent, type Reference };
export { DOCUMENT_MODEL, EMBED_MODEL, IMAGE_MODEL, MEDIA_MODEL, PAGE_MODEL } from './block-references';

/**
 * The reference index (Wagtail's ReferenceIndex): what each object references, so every object
 * can say where it is used ("Used by", and the delete warning's count). The services that save
 * content call `replaceReferences` in the same transaction as the save; deleting an object calls
 * `deleteReferencesFrom`. Rows pointing at a deleted object stay: the referencing content still
 * holds the id, and the index must not claim otherwise.
 */

export type ObjectRef = { model: string; id: number | string };
/** `label`: for an embed, the block's title (the embeds screen shows it). */
export type ReferenceTo = { model: string; id: number | string; field?: string; label?: string };

/** A referencing object as the usage screens show it. */
export type SourceDescription = { label: string; editUrl?: string; type?: string };
/** Describes referencing objects of one model, by id (ids that no longer exist are left out). */
export type DescribeSources = (db: Db, ids: readonly string[]) => Promise<Map<string, SourceDescription>>;

const sources = new Map<string, DescribeSources>();

/** How a model's referencing rows get their label, type and edit URL (call once, at module load). */
export function registerReferenceSource(model: string, describe: DescribeSources): void {
  sources.set(model, describe);
}

/** Told what a saved object references, in the save's transaction (the embeds module records embed URLs). */
export type ReferencesSaved = (db: Db, to: readonly ReferenceTo[]) => Promise<void>;

const referenceListeners: ReferencesSaved[] = [];

/** Registers a listener of every save of references (server/composition.ts). */
export function onReferencesSaved(listener: ReferencesSaved): void {
  referenceListeners.push(listener);
}

/** Replaces everything `from` references with `to` (call on every save of its content). */
export async function replaceReferences(db: Db, from: ObjectRef, to: readonly ReferenceTo[]): Promise<void> {
  const unique = new Map<string, repo.ReferenceTarget>();
  for (const target of to) {
    const row = { model: target.model, id: String(target.id), field: (target.field ?? '').slice(0, 500) };
    if (!row.model || !row.id || row.id.length > 2000) continue;
    unique.set(`${row.model}\u0000${row.id}\u0000${row.field}`, row);
  }
  await repo.replaceFrom(db, { model: from.model, id: String(from.id) }, [...unique.values()]);
  for (const listener of referenceListeners) await listener(db, to);
}

/** Forgets what a deleted object referenced (one id or several of one model). */
export async function deleteReferencesFrom(
  db: Db,
  from: { model: string; id: number | string | ReadonlyArray<number | string> },
): Promise<void> {
  const ids = Array.isArray(from.id) ? from.id : [from.id as number | string];
  await repo.deleteRowsFrom(db, { model: from.model, ids: ids.map(String) });
}

/** How many objects reference this one (each referencing object counts once). */
export async function countReferencesTo(db: Db, to: ObjectRef): Promise<number> {
  return (await repo.countTo(db, { model: to.model, ids: [String(to.id)] })).get(String(to.id)) ?? 0;
}

/** Usage counts of several objects of one model, by id. */
export async function countReferencesToMany(
  db: Db,
  model: string,
  ids: ReadonlyArray<number | string>,
): Promise<Map<string, number>> {
  return repo.countTo(db, { model, ids: ids.map(String) });
}

export type UsageRow = {
  /** The referencing object. */
  model: string;
  id: string;
  label: string;
  type: string;
  editUrl?: string;
  /** Where in it: the field path ('body.2.value.image'). */
  field: string;
};

const USAGE_LIMIT = 1000;

/** Turns a field path into words: 'body.2.value.image' -> 'Body › block 3 › image'. */
export function describeField(field: string): string {
  if (!field) return '';
  const parts = field.split('.');
  const words: string[] = [];
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i]!;
    if (part === 'value') continue;
    if (/^\d+$/.test(part)) {
      words.push(i === 1 ? `block ${Number(part) + 1}` : `item ${Number(part) + 1}`);
      continue;
    }
    words.push(part.replace(/_/g, ' '));
  }
  const text = words.join(' › ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The objects referencing this one, each with its label and edit link (at most 1000 rows). */
export async function listReferencesTo(db: Db, to: ObjectRef): Promise<UsageRow[]> {
  const rows = await repo.listTo(db, { model: to.model, id: String(to.id) }, USAGE_LIMIT);
  const byModel = new Map<string, Set<string>>();
  for (const row of rows) {
    const ids = byModel.get(row.from_model) ?? new Set<string>();
    ids.add(row.from_id);
    byModel.set(row.from_model, ids);
  }
  const described = new Map<string, Map<string, SourceDescription>>();
  for (const [model, ids] of byModel) {
    const describe = sources.get(model);
    described.set(model, describe ? await describe(db, [...ids]) : new Map());
  }
  const out: UsageRow[] = [];
  for (const row of rows) {
    const description = described.get(row.from_model)?.get(row.from_id);
    // A source registered for its model that no longer knows the id: the object is gone.
    if (!description && sources.has(row.from_model)) continue;
    out.push({
      model: row.from_model,
      id: row.from_id,
      label: description?.label ?? `${row.from_model} ${row.from_id}`,
      type: description?.type ?? row.from_model,
      editUrl: description?.editUrl,
      field: row.field,
    });
  }
  return out;
}

/** What an object references (tests and the embeds screen). */
export async function listReferencesFrom(db: Db, from: ObjectRef): Promise<ReferenceTo[]> {
  return (await repo.listFrom(db, { model: from.model, id: String(from.id) })).map((row) => ({
    model: row.to_model,
    id: row.to_id,
    field: row.field,
  }));
}

/** Every referenced id of a model with how many objects use it. */
export function referencedIdsOfModel(db: Db, model: string): Promise<Array<{ id: string; count: number }>> {
  return repo.targetsOfModel(db, model).then((rows) => rows.map((row) => ({ id: row.to_id, count: row.n })));
}

/**
 * The admin viewset's `usage` option for a model: the delete warning's count and the
 * /usage/{pk}/ screen, both from the index.
 *   defineViewSet({ ..., usage: referenceUsage('snippets.core.country') })
 */
export function referenceUsage(model: string): {
  count(db: Db, rows: Array<{ id: number }>): Promise<Map<number, number>>;
  list(db: Db, row: { id: number }): Promise<Array<{ label: string; href?: string; where: string }>>;
} {
  return {
    async count(db, rows) {
      const counts = await countReferencesToMany(
        db,
        model,
        rows.map((row) => row.id),
      );
      return new Map(rows.map((row) => [row.id, counts.get(String(row.id)) ?? 0]));
    },
    async list(db, row) {
      return (await listReferencesTo(db, { model, id: row.id })).map((usage) => ({
        label: usage.label,
        href: usage.editUrl,
        where: [usage.type, describeField(usage.field)].filter(Boolean).join(': '),
      }));
    },
  };
}
