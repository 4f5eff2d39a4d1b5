/** One changed leaf of a value: its path inside the field or block ('items.2.title') and both sides. */
export type LeafChange = { path: string; before: string | null; after: string | null };

/** A difference between two versions of a page, as the compare screen lists it. */
export type SnapshotChange =
  | { kind: 'field'; field: string; changes: LeafChange[] }
  | {
      kind: 'block';
      field: string;
      blockId: string;
      blockType: string;
      change: 'added' | 'removed' | 'changed' | 'moved';
      position: number;
      changes: LeafChange[];
    };
