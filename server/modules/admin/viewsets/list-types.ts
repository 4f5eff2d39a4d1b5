import type { CellMarkup } from '../../../../shared/admin/viewset';
import type { Db } from '../../../db';
import type { ListQuery } from '../../../listing/list-query';
import type { UserModelPermissions } from '../../permissions/model-policy';
import type { UserPagePermissions } from '../../permissions/policy';

/*
 * What a viewset's list declares and reads (the list's part of definition.ts): who is looking,
 * the store it lists from, its columns, thumbnails and filters. Every viewset has a list, a
 * list-only one (list-only.ts) nothing else; nothing here imports definition.ts.
 */

/** Who is looking at a list: a list scoped to the viewer (the reports) shows only what they may see. */
export type ListViewer = { userId: number; pages: UserPagePermissions; models: UserModelPermissions };

/** What a list reads its rows from: a list-only viewset's whole store (embeds, the reports). */
export interface ViewSetListStore<Row> {
  /** One page of rows; `viewer` is who asks (most stores ignore it; a scoped list filters by it). */
  list(db: Db, query: ListQuery, viewer: ListViewer): Promise<{ rows: Row[]; total: number }>;
}

export type ViewSetColumn<Row> = {
  name: string;
  label: string;
  /** Offered as a sort link; the store must sort by this name. */
  sortable?: boolean;
  /** The cell's text (also what CSV and XLSX exports hold). */
  value(row: Row): string;
  /** The cell links to the edit screen (the first column usually does). */
  linksToEdit?: boolean;
  /** The cell links elsewhere (a document's download); `linksToEdit` wins when both are set. */
  linkTo?: (row: Row, viewer: ListViewer) => string | undefined;
  /** The cell drawn as more than text (links, a usage list); `value` stays the exported text. */
  markup?: (row: Row) => CellMarkup;
};

/** A small picture of a row (an image's rendition), for the grid layout. */
export type ViewSetThumbnail = { src: string; width: number; height: number };

export type ViewSetFilter =
  | {
      name: string;
      label: string;
      type?: 'choice';
      /** The first choice is the unfiltered one (value ''). */
      choices: (db: Db) => Promise<Array<{ value: string; label: string }>>;
    }
  | {
      /** A calendar date (YYYY-MM-DD, a date input); the store reads it as a UTC day. */
      name: string;
      label: string;
      type: 'date';
    };
