import type { RowActionView } from '../../../../shared/admin/viewset';
import type {
  ActionPermission,
  AnyViewSet,
  ListViewer,
  ViewSetColumn,
  ViewSetCommon,
  ViewSetListStore,
  ViewSetRow,
} from './definition';

/**
 * A viewset that is a list and nothing else (Wagtail's report views, the embeds listing): the
 * generic list (filters, sorting, pages of 50, CSV and XLSX export, the permission guard and the
 * menu entry) over a store that only lists. There is no form, no schema and no object screen, so
 * rows need no id (a report row may be an audit entry or a page type). Its rows may be scoped to
 * the viewer: the store's `list` receives who asks.
 * See docs/decisions/2026-11-23-admin-viewset-recipe.md ("List-only viewsets").
 */

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
  // No row is opened (inspect), none belongs to a parent, and the list is the generic one.
  | 'inspectView'
  | 'parent'
  | 'customList'
> & {
  /** Only the list and its export can be offered. */
  permissions: Readonly<{ list: ActionPermission; export?: ActionPermission }>;
  /** The row as a sentence (the labels of its row actions). */
  title(row: Row): string;
  columns: readonly ViewSetColumn<Row>[];
  thumbnail?: undefined;
  store: ViewSetListStore<Row>;
  rowActions?: (row: Row, viewer: ListViewer, returnTo: string) => RowActionView[];
};

/** Keeps the row type of a list-only declaration; the result is a viewset like any other. */
export function defineListViewSet<Row>(viewSet: ListOnlyViewSet<Row>): AnyViewSet {
  return viewSet;
}

/** Whether the viewset only lists (its store has no object operations): nothing but 'list' and 'export' is offered. */
export const isListOnly = (viewSet: AnyViewSet) => !('get' in viewSet.store);
