import type { ColumnType, Generated, Selectable } from 'kysely';

/** A permanent redirect from an old URL path (left behind by a move) to a page. */
export interface RedirectTable {
  id: Generated<number>;
  old_path: string;
  site_id: number | null;
  redirect_page_id: number;
  is_permanent: Generated<boolean>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export type Redirect = Selectable<RedirectTable>;
