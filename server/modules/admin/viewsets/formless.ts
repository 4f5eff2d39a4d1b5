import type {
  ActionPermission,
  AnyViewSet,
  ViewSetAction,
  ViewSetCommon,
  ViewSetObjectStore,
  ViewSetRow,
} from './definition';

/**
 * A viewset without a form (form submissions, which only the public site creates): rows are
 * listed, exported, inspected and deleted, never added or edited in the admin. The store reads one
 * row and may delete; there is no schema, no fields and no create or update, so add, edit,
 * preview, publish and revert are not offered, nor history and usage, whose screens link back to
 * the edit form. See docs/decisions/2026-11-23-admin-viewset-recipe.md ("Rows of a parent").
 */

/** The actions a viewset without a form can offer. */
export const FORMLESS_ACTIONS = ['list', 'export', 'inspect', 'delete'] as const satisfies readonly ViewSetAction[];

/** What a viewset without a form may declare: a viewset's common part, typed by its rows, with an object store. */
export type FormlessViewSet<Row extends ViewSetRow> = Omit<
  ViewSetCommon<Row, unknown>,
  // The edit form's parts.
  'permissions' | 'drafts' | 'focalPicker' | 'editLinks'
> & {
  permissions: Readonly<Partial<Record<(typeof FORMLESS_ACTIONS)[number], ActionPermission>>>;
  store: ViewSetObjectStore<Row>;
};

/** Keeps the row type of a declaration without a form; the result is a viewset like any other. */
export function defineFormlessViewSet<Row extends ViewSetRow>(viewSet: FormlessViewSet<Row>): AnyViewSet {
  return viewSet;
}

/** Whether the viewset adds and edits rows (its store creates and updates). */
export const hasForm = (viewSet: AnyViewSet) => 'create' in viewSet.store;

/** Whether a viewset without a form can offer the action. */
export const formlessOffers = (action: ViewSetAction) =>
  (FORMLESS_ACTIONS as readonly ViewSetAction[]).includes(action);
