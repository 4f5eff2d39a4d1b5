import type { ExplorerOrdering } from '../schemas/explorer';
import type { PagePlace, PageRowAction } from './page-row';
import type { PageStatus } from './page-status';
import type { PageFiltersView } from './page-filters';
import type { BulkActionName } from '../schemas/page-bulk';

/** One page as the explorer, the page search and the dashboard list it. */
export type ExplorerRow = {
  id: number;
  title: string;
  typeLabel: string;
  status: PageStatus;
  updatedAt: string;
  childCount: number;
  /** Whether the user may open the editor (else the row only leads to its children). */
  canEdit: boolean;
  /** Restricted on the public side, itself or by an ancestor (the explorer's "Private" marker). */
  isPrivate?: boolean;
  /** Its translation per other locale (the explorer only): missing, in progress (percent of segments), out of date, up to date. */
  translations?: ExplorerTranslationBadge[];
  /** The row menu: every action the viewer may do on this page, and none they may not. */
  actions?: PageRowAction[];
  /** Site and language, set when the tree has several of either (two "Press" pages). */
  place?: PagePlace | null;
  /** The live page's public URL ("View live"), when it is live and served by a site. */
  publicUrl?: string | null;
};

export type ExplorerTranslationBadge = {
  languageCode: string;
  state: 'missing' | 'in_progress' | 'out_of_date' | 'up_to_date';
  percent: number;
};

export type ExplorerView = {
  page: { id: number; title: string; isRoot: boolean; canEdit: boolean };
  breadcrumbs: Array<{ id: number; title: string }>;
  rows: ExplorerRow[];
  pagination: { page: number; pageCount: number; total: number };
  /** The column order asked for (none: tree order). */
  ordering?: ExplorerOrdering;
  /** Whether the user may reorder these children (Wagtail: 'publish' on the parent). */
  canReorder: boolean;
  /** The 0-based position among all siblings of the first row shown (for the move controls). */
  offset: number;
  /** A message from the previous action (post/redirect/get). */
  message?: string;
  /** The page just moved and the control used, which gets the focus back (no-JS reorder). */
  moved?: { id: number; direction: 'up' | 'down' };
  /** The filter drawer: values, choices, chips of the applied ones and errors. */
  filters: PageFiltersView;
  /** The bulk actions the user may do on at least one listed row (none: no checkboxes). */
  bulkActions: BulkActionName[];
  /** This listing's URL with its query (where a bulk action comes back to). */
  selfHref: string;
};

export type SearchResultRow = ExplorerRow & {
  /** Where the page sits, linking to the parent's explorer (null under the tree root). */
  parent: { id: number; title: string; isRoot: boolean } | null;
};

export type PageSearchView = {
  query: string;
  rows: SearchResultRow[];
  pagination: { page: number; pageCount: number; total: number };
  /** The bulk actions the user may do on at least one result (none: no checkboxes). */
  bulkActions: BulkActionName[];
};
