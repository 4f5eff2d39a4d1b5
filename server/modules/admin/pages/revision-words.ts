import type { LeafChange, SnapshotChange } from '../../../../shared/admin/revisions';
import { blockSchemas } from '../../../../views/blocks/schemas';
import type { PageTypeDefinition } from '../../pages/page-type';
import { flatten } from '../../pages/revision-diff';
import type { RevisionSnapshot } from '../../pages/table';
import { describeValuePath } from './edit/block-error-summary';

/**
 * Revisions in the editor's words: the compare and view screens name fields, blocks and block
 * fields by their labels ("Body, block 2 (Image link), Link"), never by the JSON's keys and
 * indexes ('content.body.1.value.link.url') or block codes ('image_link'). What a chooser holds
 * (an image's renditions) is shown once, as the chosen item.
 */
const PAGE_FIELD_LABELS: Readonly<Record<string, string>> = {
  title: 'Title',
  slug: 'Slug',
  seo_title: 'Title tag',
  search_description: 'Search description',
  robots: 'Search engine indexing',
};

type FieldMeta = Parameters<typeof describeValuePath>[1];

const humanize = (name: string) => {
  const words = name.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const blockLabel = (type: string) => blockSchemas.get(type)?.meta.label ?? humanize(type);
const blockFields = (type: string) => (blockSchemas.get(type)?.meta.fields ?? {}) as FieldMeta;

function contentFieldLabel(pageType: PageTypeDefinition | undefined, name: string): string {
  const meta = (pageType?.contentFields as Record<string, { label?: string }> | undefined)?.[name];
  return PAGE_FIELD_LABELS[name] ?? meta?.label ?? humanize(name);
}

/** Within one chooser, the leaf that best stands for the chosen item: its title, else its id. */
const rank = (path: string) => (/(^|\.)title$/.test(path) ? 0 : /(^|\.)id$/.test(path) ? 1 : 2);

/** Leaf changes with their paths said in labels, a chooser's insides folded into one line. */
function leavesInWords(changes: LeafChange[], fields: FieldMeta): LeafChange[] {
  const best = new Map<string, LeafChange & { rank: number }>();
  for (const change of changes) {
    const segments = change.path.split('.').filter(Boolean);
    const path = segments.length ? describeValuePath(segments, fields, '').field : '';
    const candidate = { ...change, path, rank: rank(change.path) };
    const kept = best.get(path);
    if (!kept || candidate.rank < kept.rank) best.set(path, candidate);
  }
  return [...best.values()].map(({ rank: _rank, ...change }) => change);
}

export function changesInWords(changes: SnapshotChange[], pageType: PageTypeDefinition | undefined): SnapshotChange[] {
  return changes.map((change) =>
    change.kind === 'field'
      ? {
          ...change,
          field: contentFieldLabel(pageType, change.field),
          changes: leavesInWords(change.changes, pageType?.contentFields as FieldMeta),
        }
      : {
          ...change,
          field: contentFieldLabel(pageType, change.field),
          blockType: blockLabel(change.blockType),
          changes: leavesInWords(change.changes, blockFields(change.blockType)),
        },
  );
}

/** A revision's content as labelled lines ('Body, block 1 (Heading), Text': 'Fresh From the Dock'). */
export function snapshotInWords(
  snapshot: RevisionSnapshot,
  pageType: PageTypeDefinition | undefined,
): Array<{ path: string; value: string }> {
  const lines: Array<{ path: string; value: string }> = [];
  for (const [name, label] of Object.entries(PAGE_FIELD_LABELS)) {
    const value = (snapshot as Record<string, unknown>)[name];
    if (value !== undefined && value !== null) lines.push({ path: label, value: String(value) });
  }
  for (const [name, value] of Object.entries(snapshot.content ?? {})) {
    const label = contentFieldLabel(pageType, name);
    if (Array.isArray(value) && value.every((b) => typeof b === 'object' && b !== null && 'type' in b)) {
      value.forEach((block: { type?: unknown; value?: unknown }, index) => {
        const type = String(block.type ?? '');
        const prefix = `${label}, block ${index + 1} (${blockLabel(type)})`;
        const leaves = [...flatten(block.value).entries()].map(([path, text]) => ({ path, before: null, after: text }));
        for (const leaf of leavesInWords(leaves, blockFields(type)))
          lines.push({ path: leaf.path ? `${prefix}, ${leaf.path}` : prefix, value: leaf.after ?? '' });
      });
      continue;
    }
    const leaves = [...flatten(value).entries()].map(([path, text]) => ({ path, before: null, after: text }));
    for (const leaf of leavesInWords(leaves, pageType?.contentFields as FieldMeta))
      lines.push({ path: leaf.path ? `${label}, ${leaf.path}` : label, value: leaf.after ?? '' });
  }
  return lines;
}
