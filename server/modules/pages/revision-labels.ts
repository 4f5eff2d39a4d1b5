import type { LeafChange, SnapshotChange } from '../../../shared/admin/revisions';
import { blockSchemas } from '../../../views/blocks/schemas';
import { wordDiff } from './word-diff';

/** The page's own fields as the edit form labels them. */
const PAGE_FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  slug: 'Slug',
  seo_title: 'Title for search engines',
  search_description: 'Search description',
  robots: 'Search engine indexing',
};

/** 'hero_image' -> 'Hero image': the fallback when a field declares no label. */
export function humanize(name: string): string {
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : name;
}

/** A path inside a block's value as an editor reads it: 'items.2.title' -> 'Items › Item 3 › Title'. */
function pathLabel(path: string, fieldLabels: Record<string, { label?: string }>): string {
  if (!path) return '';
  return path
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? `Item ${Number(part) + 1}` : (fieldLabels[part]?.label ?? humanize(part))))
    .join(' › ');
}

/** A leaf with its label, and its words compared when it was changed rather than added or removed. */
function labelLeaf(change: LeafChange, fieldLabels: Record<string, { label?: string }>): LeafChange {
  const words = change.before && change.after ? wordDiff(change.before, change.after) : undefined;
  return { ...change, label: pathLabel(change.path, fieldLabels), ...(words ? { words } : {}) };
}

/**
 * Puts the labels editors know on a comparison (block type labels, field labels) in place of the
 * codes stored in the snapshot, and adds a word-level difference to every changed text.
 */
export function labelChanges(changes: SnapshotChange[]): SnapshotChange[] {
  return changes.map((change) => {
    const label = PAGE_FIELD_LABELS[change.field] ?? humanize(change.field);
    if (change.kind === 'field') return { ...change, label, changes: change.changes.map((c) => labelLeaf(c, {})) };
    const meta = blockSchemas.get(change.blockType)?.meta;
    return {
      ...change,
      label,
      blockLabel: meta?.label ?? humanize(change.blockType),
      changes: change.changes.map((c) => labelLeaf(c, meta?.fields ?? {})),
    };
  });
}
