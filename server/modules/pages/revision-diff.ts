import type { LeafChange, SnapshotChange } from '../../../shared/admin/revisions';
import type { RevisionSnapshot } from './table';

const PAGE_FIELDS: ReadonlyArray<keyof RevisionSnapshot> = [
  'title',
  'slug',
  'seo_title',
  'search_description',
  'robots',
];

type Block = { id: string; type: string; value: unknown };

function isBlockList(value: unknown): value is Block[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as Block).id === 'string' &&
        typeof (item as Block).type === 'string',
    )
  );
}

/** Readable text of a leaf: markup stripped so a rich-text change reads as words. */
function leafText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string')
    return value
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  return String(value);
}

/** Flattens a value to path -> text, so two versions compare leaf by leaf. */
export function flatten(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(value)) {
    if (value.length === 0 && prefix) out.set(prefix, '');
    value.forEach((item, index) => flatten(item, prefix ? `${prefix}.${index}` : String(index), out));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) flatten(item, prefix ? `${prefix}.${key}` : key, out);
  } else out.set(prefix, leafText(value));
  return out;
}

export function diffValues(before: unknown, after: unknown): LeafChange[] {
  const a = flatten(before);
  const b = flatten(after);
  const changes: LeafChange[] = [];
  for (const path of new Set([...a.keys(), ...b.keys()])) {
    const left = a.get(path) ?? null;
    const right = b.get(path) ?? null;
    if ((left ?? '') !== (right ?? '')) changes.push({ path, before: left, after: right });
  }
  return changes;
}

/** Blocks matched by their stable id: added, removed, changed (leaf by leaf) or only moved. */
function diffBlocks(field: string, before: Block[], after: Block[]): SnapshotChange[] {
  const out: SnapshotChange[] = [];
  const oldById = new Map(before.map((block) => [block.id, { block }]));
  const newIds = new Set(after.map((block) => block.id));
  // A block only 'moved' when its order among the blocks both versions share changed.
  const commonBefore = before.filter((block) => newIds.has(block.id)).map((block) => block.id);
  const commonAfter = after.filter((block) => oldById.has(block.id)).map((block) => block.id);
  after.forEach((block, position) => {
    const old = oldById.get(block.id);
    if (!old) {
      out.push({
        kind: 'block',
        field,
        blockId: block.id,
        blockType: block.type,
        change: 'added',
        position,
        changes: diffValues(undefined, block.value),
      });
      return;
    }
    const changes =
      old.block.type === block.type ? diffValues(old.block.value, block.value) : diffValues(old.block, block);
    if (changes.length)
      out.push({
        kind: 'block',
        field,
        blockId: block.id,
        blockType: block.type,
        change: 'changed',
        position,
        changes,
      });
    else if (commonBefore.indexOf(block.id) !== commonAfter.indexOf(block.id)) {
      out.push({
        kind: 'block',
        field,
        blockId: block.id,
        blockType: block.type,
        change: 'moved',
        position,
        changes: [],
      });
    }
  });
  before.forEach((block, position) => {
    if (!newIds.has(block.id)) {
      out.push({
        kind: 'block',
        field,
        blockId: block.id,
        blockType: block.type,
        change: 'removed',
        position,
        changes: diffValues(block.value, undefined),
      });
    }
  });
  return out;
}

/** What changed from one snapshot to another: only the fields and blocks that differ. */
export function diffSnapshots(before: RevisionSnapshot, after: RevisionSnapshot): SnapshotChange[] {
  const out: SnapshotChange[] = [];
  for (const field of PAGE_FIELDS) {
    const changes = diffValues(before[field] ?? '', after[field] ?? '');
    if (changes.length) out.push({ kind: 'field', field, changes: changes.map((c) => ({ ...c, path: '' })) });
  }
  const contentFields = new Set([...Object.keys(before.content ?? {}), ...Object.keys(after.content ?? {})]);
  for (const field of contentFields) {
    const left = before.content?.[field];
    const right = after.content?.[field];
    if (isBlockList(left ?? []) && isBlockList(right ?? []) && (Array.isArray(left) || Array.isArray(right))) {
      out.push(...diffBlocks(field, (left ?? []) as Block[], (right ?? []) as Block[]));
      continue;
    }
    const changes = diffValues(left, right);
    if (changes.length) out.push({ kind: 'field', field, changes });
  }
  return out;
}
