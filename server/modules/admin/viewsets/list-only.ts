import type { RowActionView } from '../../../../shared/admin/viewset';
import type { ActionPermission, AnyViewSet, ViewSetCommon, ViewSetRow } from './definition';
import type { ListViewer, ViewSetColumn, ViewSetListStore } from './list-types';
import type { CustomList } from './parent-scope-types';

/**
 * A viewset that is a list and nothing else (Wagtail's report views, the embeds listing): the
 * generic list (filters, sorting, pages of 50, CSV and XLSX export, the permission guard and the
 * menu entry) over a store that only lists. There is no form, no schema and no object screen, so
 * rows need no id (a report row may be an audit entry or a page type). Its rows may be scoped to
 * the viewer: the store's `list` receives who asks. A list of its own (`customList`) replaces the
 * generic screen, keeping the route, its guard and the export's permission.
 * See docs/decisions/2026-11-23-admin-viewset-recipe.md ("List-only viewsets").
 */

/** The actions a list-only viewset can offer. */
type ListOnlyAction = 'list' | 'export';

/** What a list-only viewset may declare: the list's part of a viewset, typed by its own rows. */
export type ListOnlyViewSet<Row> = Omit<
  ViewSetCommon<ViewSetRow, never>,
  // Object screens and their hooks: a list-only viewset has none.
  | 'permissions'
  | 'title'
  | 'columns'
  | 'thumbnail'
  | 'rowActions'
  | 'usage'
  | 'deleteRefusal'
  | 'drafts'
  | 'focalPicker'
  | 'editLinks'
  | 'extraRoutes'
  | 'bulkDelete'
  | 'afterChange'
  | 'listActions'
  // No row is opened (inspect) and none belongs to a parent.
  | 'inspectView'
  | 'parent'
  | 'customList'
> & {
  /** Only the list and its export can be offered. */
  permissions: Readonly<{ list: ActionPermission } & Partial<Record<ListOnlyAction, ActionPermission>>>;
  /** The row as a sentence (the labels of its row actions). */
  title(row: Row): string;
  columns: readonly ViewSetColumn<Row>[];
  thumbnail?: undefined;
  store: ViewSetListStore<Row>;
  rowActions?: (row: Row, viewer: ListViewer, returnTo: string) => RowActionView[];
  /**
   * A list screen of the model's own in place of the generic one (the accessibility reports keep
   * their date range and table): it draws the list or returns the export, and deletes nothing.
   */
  customList?: Omit<CustomList<Row, ListOnlyAction>, 'selection'>;
};

/** Keeps the row type of a list-only declaration; the result is a viewset like any other. */
export function defineListViewSet<Row>(viewSet: ListOnlyViewSet<Row>): AnyViewSet {
  return viewSet;
}

/** Whether the viewset only lists (its store has no object operations): nothing but 'list' and 'export' is offered. */
export const isListOnly = (viewSet: AnyViewSet) => !('get' in viewSet.store);
