/** One run of words in a word-level comparison: kept, added or removed. */
export type WordPart = { text: string; change: 'same' | 'added' | 'removed' };

/**
 * One changed leaf of a value: its path inside the field or block ('items.2.title'), the label an
 * editor knows it by ('Items 3 › Title'), both sides, and the word-level difference when both exist.
 */
export type LeafChange = {
  path: string;
  label?: string;
  before: string | null;
  after: string | null;
  words?: WordPart[];
};

/** A difference between two versions of a page, as the compare screen lists it. */
export type SnapshotChange =
  | { kind: 'field'; field: string; label?: string; changes: LeafChange[] }
  | {
      kind: 'block';
      field: string;
      label?: string;
      blockId: string;
      blockType: string;
      /** The block type's label ('Rich text'), never its code. */
      blockLabel?: string;
      change: 'added' | 'removed' | 'changed' | 'moved';
      position: number;
      changes: LeafChange[];
    };
