import type { FocalPickerView } from '../../../../shared/admin/viewset';
import type { Request, Response } from 'express';
import type { ReactElement } from 'react';
import type * as z from 'zod';
import type { Db } from '../../../db';
import type { RenderDeps } from '../../../ssr/render';
import type { MediaStorage } from '../../../storage/media-storage';
import type { FormFieldView, ListIntro, RowActionView } from '../../../../shared/admin/viewset';
import type { CollectionPermissionType, ModelPermissionAction } from '../../permissions/table';
import type { UserModelPermissions } from '../../permissions/model-policy';
import type { ListViewer, ViewSetColumn, ViewSetFilter, ViewSetListStore, ViewSetThumbnail } from './list-types';
import type { CustomList, InspectView, ParentScope } from './parent-scope-types';

/**
 * One model's admin screens, declared once (Wagtail's ModelViewSet / SnippetViewSet). Give
 * `viewSetRoutes(context, viewSet)` a ViewSet and it serves, under /wagtail/{base}/, a list (search,
 * filters, sortable columns, 50 a page, bulk delete, CSV and XLSX export), add and edit forms
 * validated with `schema` (first error per field, stale-form 409), delete with a usage warning,
 * history from the audit log, and optionally drafts, preview, publish and revert. Each action
 * declares what it needs in `permissions` (permission-policy.ts): the route guard, the menu, the
 * buttons and the permission-matrix test read that one declaration (superusers always pass).
 *
 * A model's domain module provides the store (its repo and service: the only SQL and the rules);
 * the viewset itself writes the audit log and the revisions, so every model gets history for free.
 * See docs/decisions/2026-11-23-admin-viewset-recipe.md.
 */

/**
 * Every row a viewset handles has a numeric id, and usually a version bumped by each save (a form
 * opened before someone else saved is refused). A model without versions (users, groups) is saved
 * without that check.
 */
export type ViewSetRow = { id: number; version?: number };

/** The screens and operations of a viewset, each guarded by the permission its declaration names. */
export const VIEWSET_ACTIONS = [
  'list',
  'export',
  'add',
  'edit',
  'delete',
  'history',
  'usage',
  'publish',
  'revert',
  'preview',
  'inspect',
] as const;
export type ViewSetAction = (typeof VIEWSET_ACTIONS)[number];

/**
 * What an action needs: a model permission of the viewset's model (or of its `permissionModel`),
 * any of them, the superuser flag, or only access to the back office ('admin': a list scoped to
 * the viewer, such as the reports, whose rows are what they may see).
 */
export type ActionPermission = ModelPermissionAction | 'any' | 'superuser' | 'admin';

/** Action -> what it needs (Wagtail's permission_policy). An action left out is not offered: no route, no button. */
export type PermissionPolicy = Readonly<Partial<Record<ViewSetAction, ActionPermission>>>;

/** Who is acting: the audit log's user. */
export type Actor = { userId: number };

/**
 * What the app hands every viewset when it mounts them (admin/routes.ts), and the hooks that need
 * more than the database when they run: the database, the media library's files, and the public
 * site's renderer (previews). Declarations hold no context, so they are plain values read at load
 * time (the menu, the group screen, the permission-matrix test); a hook running inside the
 * viewset's transaction gets the context with `db` set to that transaction.
 */
export type ViewSetContext = { db: Db; storage: MediaStorage; render: RenderDeps };

export type { ListQuery } from '../../../listing/list-query';

/**
 * What a viewset without a form reads its rows from (form submissions, subscribers): the list, one
 * row (the inspect screen, the delete) and optionally the delete. Nothing is added or edited here.
 */
export interface ViewSetObjectStore<Row extends ViewSetRow> extends ViewSetListStore<Row> {
  /** One row; `lock` takes a row lock inside the viewset's transaction (stale-form check). */
  get(db: Db, id: number, options?: { lock?: boolean }): Promise<Row | undefined>;
  /**
   * Deletes; throws HttpError 400/409 when the model refuses (e.g. a non-empty collection). Absent:
   * the model is never deleted here (users are deactivated instead), and 'delete' is not offered.
   * `context.db` is the viewset's transaction (media models also delete their files from storage).
   */
  remove?(context: ViewSetContext, rows: Row[], actor: Actor): Promise<void>;
}

/** The model's data access, from its domain module (repo.ts for SQL, service.ts for the rules). */
export interface ViewSetStore<Row extends ViewSetRow, Input> extends ViewSetObjectStore<Row> {
  /** Validated input; throws HttpError 400 (with `fields`) for a rule the schema cannot see. */
  create(db: Db, input: Input, actor: Actor): Promise<Row>;
  /** Saves and bumps `version`. */
  update(db: Db, row: Row, input: Input, actor: Actor): Promise<Row>;
}

export type ViewSetField = FormFieldView & {
  /** Choices loaded per request (sites, pages...). Overrides `choices`. */
  loadChoices?: (db: Db) => Promise<Array<{ value: string; label: string }>>;
};

/** Optional drafts: the live object and its latest draft are separate (header, footer, navigation). */
export type DraftHooks<Row extends ViewSetRow, Input> = {
  /** The draft content as form values, and back. Content is stored as JSON in object_revisions. */
  toContent(input: Input): unknown;
  fromContent(content: unknown): Input | undefined;
  /** The edit form's values of a draft (the form opens on the newest draft, not the live row). */
  formValues(input: Input): Record<string, string>;
  /** Publishes content onto the live row (inside the viewset's transaction). */
  publish(db: Db, row: Row, input: Input, actor: Actor): Promise<Row>;
  /** Checks what the schema cannot (rows it points at exist) before a draft is saved; throws a 400. */
  check?(db: Db, input: Input): Promise<void>;
  /** Bumps the live row's version only (a draft was saved: forms opened before it are stale). */
  touch(db: Db, row: Row): Promise<Row>;
  /** Renders the content on the real site template (a POST of the form, nothing saved). */
  preview?: (context: ViewSetContext, req: Request, res: Response, input: Input, row: Row | undefined) => Promise<void>;
};

/** Screens under the base: the list and add form (no pk), and the object screens (':pk' is the id). */
export type ViewSetPaths = {
  list: string;
  add: string;
  edit: string;
  delete: string;
  history: string;
  usage: string;
  /** The read-only detail screen (Wagtail's InspectView), offered with `inspectView`. */
  inspect: string;
};
type ObjectScreen = Exclude<keyof ViewSetPaths, 'list' | 'add'>;

/**
 * A form of the model's own, in place of the declared fields (the group's permission grid, a
 * user's passwords and groups). The viewset still owns the routes, their guard, the transaction,
 * the audit log, the flash message and the redirect; the hook parses and draws the form.
 */
export type CustomForm<Row extends ViewSetRow, Input, Values = any> = {
  /** The names of the form's fields: a refusal naming another field is shown above the form. */
  fieldNames: readonly string[];
  /** The values the form opens with: a saved row's, or (no row) a new object's. */
  values(db: Db, row: Row | undefined): Promise<Values>;
  /** What was posted, as the form shows it again (passwords are never echoed). */
  kept(db: Db, body: Record<string, unknown>): Promise<Values>;
  /**
   * A button that changes the form rather than saving it (a workflow's "Add another task", Move up,
   * Remove), so the form works without JavaScript: the values to show again and their notes, or
   * undefined when the post is a save. Nothing is written.
   */
  redisplay?(
    db: Db,
    body: Record<string, unknown>,
  ): Promise<{ values: Values; fieldErrors?: Partial<Record<string, string>>; message?: string } | undefined>;
  /** Parses the posted body: adding and editing may differ (a new user's password is required). */
  parse(body: Record<string, unknown>, row: Row | undefined): z.ZodSafeParseResult<Input>;
  /** The screen. `action` is where the form posts, `actorId` who is signed in. */
  render(
    db: Db,
    props: {
      row: Row | undefined;
      values: Values;
      fieldErrors: Partial<Record<string, string>>;
      nonFieldErrors: string[];
      csrfToken: string;
      message?: string;
      actorId: number;
      /** The version of a versioned row the form was opened on: post it back as `version` (stale-form check). */
      version?: number;
      /** The routes the user may use on this object (e.g. a user's deactivate), by extra route name. */
      extraActions: Record<string, string>;
    },
  ): Promise<ReactElement>;
};

/** A route of the model beyond the viewset's own (a user's Deactivate), with what it needs. */
export type ViewSetExtraRoute = {
  name: string;
  method: 'get' | 'post';
  /** Under the base, ':pk' for the object: ':pk/deactivate/'. */
  path: string;
  permission: ActionPermission;
  handle(args: { db: Db; req: Request; res: Response; pk: number; actor: Actor }): Promise<void>;
};

/**
 * A bulk action that changes one field of each selected row (Wagtail's media bulk actions: Add to
 * collection, Add tags), served at /wagtail/bulk/{app}/{model}/{name}/: a confirmation screen
 * listing the rows acted on and those skipped, with the one field to fill in, then a POST that
 * saves each row through the model's own form schema and store, as its edit form would (one
 * transaction and one history entry per row). Offered only on a model whose form has `field`.
 */
export type ViewSetBulkAction = {
  /** Wagtail's action name: the URL's last segment ('add_to_collection'). */
  name: string;
  /** The action as a heading ('Add to collection'), and the list's button ('Add selected to collection'). */
  label: string;
  button: string;
  /** What the action needs on the model: the route guard, the list's button and the permission matrix read it. */
  permission: ActionPermission;
  /**
   * Collection permissions checked on top (permissions/model-policy.ts `collectionAllows`): `items`
   * on each selected row's collection (a row outside is skipped), `target` on a chosen collection.
   */
  collections?: { items?: CollectionPermissionType; target?: CollectionPermissionType };
  /** The model's form field this action sets; its label, and its help unless `help` is given. */
  field: string;
  help?: string;
  /** A select's choices for this user (the collections they may add to); absent: a text input. */
  choices?: (db: Db, permissions: UserModelPermissions) => Promise<Array<{ value: string; label: string }>>;
  /** Reads what was typed or chosen (among `choices`, when a select): the value to apply, or the field's message. */
  read(
    text: string,
    choices: ReadonlyArray<{ value: string; label: string }> | undefined,
  ): { ok: true; value: string } | { ok: false; message: string };
  /** A row's form values with the value applied (the model's schema then checks the whole row). */
  apply(values: Record<string, string>, value: string): Record<string, string>;
  /** The heading of the confirmation ('Add 2 images to a collection') and the result ('2 images added to 'Menus''). */
  title(count: string): string;
  done(count: string, value: string, choiceLabel: string | undefined): string;
};

/** The declared fields' form (most models): `schema` parses what `fields` post. */
type DeclaredForm<Row extends ViewSetRow, Input> = {
  /** Parses the form (text fields as posted); from shared/schemas so the browser can use it too. */
  schema: z.ZodType<Input>;
  fields: readonly ViewSetField[];
  /** Form values of a saved row (the edit form's initial values) and of a new one. */
  formValues(row: Row, db: Db): Promise<Record<string, string>> | Record<string, string>;
  initialValues: Record<string, string>;
  customForm?: undefined;
  store: ViewSetStore<Row, Input>;
};
type OwnForm<Row extends ViewSetRow, Input> = {
  customForm: CustomForm<Row, Input>;
  store: ViewSetStore<Row, Input>;
  schema?: undefined;
  fields?: undefined;
  formValues?: undefined;
  initialValues?: undefined;
};

/**
 * A list and nothing else (embeds, the reports, the accessibility reports): no form and no object
 * screens, so the store only lists and rows need no id. `permissions` names 'list' and 'export'
 * only (see list-only.ts).
 */
type ListOnly<Row> = {
  store: ViewSetListStore<Row>;
  customForm?: undefined;
  schema?: undefined;
  fields?: undefined;
  formValues?: undefined;
  initialValues?: undefined;
};

/**
 * Rows that are listed and opened but never added or edited in the admin (form submissions and
 * subscribers, made on the public site): no form, so add, edit, preview, publish and revert are
 * not offered (see `offers`); the store reads one row and may delete.
 */
type NoForm<Row extends ViewSetRow> = {
  store: ViewSetObjectStore<Row>;
  customForm?: undefined;
  schema?: undefined;
  fields?: undefined;
  formValues?: undefined;
  initialValues?: undefined;
};

export type ViewSet<Row extends ViewSetRow, Input> = ViewSetCommon<Row, Input> &
  (DeclaredForm<Row, Input> | OwnForm<Row, Input> | NoForm<Row> | ListOnly<Row>);

export type ViewSetCommon<Row extends ViewSetRow, Input> = {
  /** Wagtail's app label and model name: the permission key is `${app}.${model}`. */
  app: string;
  model: string;
  names: { name: string; plural: string };
  /** The screens' folder under /wagtail/, e.g. 'redirects' or 'snippets/core/country'. */
  base: string;
  /**
   * Path patterns under the base (':pk' is the id). Defaults: '' (the list), add/, edit/:pk/,
   * delete/:pk/, history/:pk/, usage/:pk/, inspect/:pk/. Workflows keep Wagtail's list/ and tasks
   * its index/; form submissions are inspected at :pk/.
   */
  paths?: Partial<ViewSetPaths>;
  /** The main menu entry, shown to whoever may do 'list'. Absent: reached from elsewhere (a snippets index). */
  menu?: { label: string; order: number };
  /** Sibling lists shown as tabs above the list (workflows and their tasks), under the nav's `label`. */
  tabs?: { label: string; links: ReadonlyArray<{ label: string; href: string }> };
  /** What each action needs (see PermissionPolicy); usually MODEL_PERMISSION_POLICY (permission-policy.ts). */
  permissions: PermissionPolicy;
  /**
   * The model whose permissions `permissions` names, when not this one: embeds are listed for
   * whoever may change the site settings (where the embed allow-list is kept). Groups are granted
   * nothing on this model then (the other model offers its permissions itself).
   */
  permissionModel?: string;
  /** The menu entry the screens light up, when not the base's (the reports light up 'reports'). */
  section?: string;
  /** The list's heading when it is not the plural name, and a sentence under it (the reports'). */
  heading?: string;
  intro?: ListIntro;
  /** What the empty list says, when not 'There are no {plural} yet.' */
  emptyText?: string;
  /** The stem of export file names, when not the plural name (a report's slug). */
  exportName?: string;
  /** Buttons on a row posting to an existing action (a report's Unlock); `returnTo` is this list page. */
  rowActions?: (row: Row, viewer: ListViewer, returnTo: string) => RowActionView[];
  /** The object as a sentence (titles, history, messages). */
  title(row: Row): string;
  columns: readonly ViewSetColumn<Row>[];
  /**
   * 'grid': the list shows each row as a card with its `thumbnail` (the images library), the
   * columns as the card's lines and the sortable ones as sort links. Default: a table.
   */
  listLayout?: 'table' | 'grid';
  thumbnail?: (row: Row) => ViewSetThumbnail | undefined;
  /** Shown when the store searches (`q`); its placeholder names what is searched. */
  search?: { placeholder: string };
  filters?: readonly ViewSetFilter[];
  /** A sortable column name, '-name' for descending. */
  defaultOrder: string;
  /** How many places use the object: deleting warns with the count, and a usage screen lists them. */
  usage?: {
    count(db: Db, rows: Row[]): Promise<Map<number, number>>;
    list?(db: Db, row: Row): Promise<Array<{ label: string; href?: string; where: string }>>;
  };
  /** Why an object cannot be deleted (a collection that is not empty): the delete screen says so and offers no button. */
  deleteRefusal?: (row: Row) => string | undefined;
  drafts?: DraftHooks<Row, Input>;
  /** More header actions on the list (e.g. Import), shown to holders of `permission`. */
  listActions?: Array<{ label: string; href: string; permission: ActionPermission }>;
  /** An image to click on the edit screen, setting the focal point fields (images). */
  focalPicker?: (row: Row) => FocalPickerView;
  /** More links on an object's edit screen (e.g. a collection's Privacy), shown to holders of `permission`. */
  editLinks?: Array<{ label: string; href: (pk: number, row: Row) => string; permission: ActionPermission }>;
  /** More routes of the model, mounted and guarded with the viewset's own. */
  extraRoutes?: readonly ViewSetExtraRoute[];
  /** False: no bulk delete (the default is on). */
  bulkDelete?: boolean;
  /** Bulk actions beyond delete (the media's Add to collection and Add tags); see ViewSetBulkAction. */
  bulkActions?: readonly ViewSetBulkAction[];
  /** Runs after a write is committed (create, edit, delete, publish, revert): e.g. drop caches on every dyno. */
  afterChange?: (db: Db) => Promise<void>;
  /** The rows belong to one parent whose id is in the base (a form page's submissions): see parent-scope-types.ts. */
  parent?: ParentScope<any, Row>;
  /** A read-only detail screen of a row (Wagtail's InspectView), offered when the permissions name 'inspect'. */
  inspectView?: InspectView<Row>;
  /** A list screen of the model's own in place of the generic one (see parent-scope-types.ts). */
  customList?: CustomList<Row, ViewSetAction>;
};

/** Keeps the row and input types of a declaration (no runtime work). */
export function defineViewSet<Row extends ViewSetRow, Input>(viewSet: ViewSet<Row, Input>): ViewSet<Row, Input> {
  return viewSet;
}

/** A viewset whose row and input types no longer matter (registries, menus, the group screen). */
export type AnyViewSet = ViewSet<any, any>;

export const modelKey = (viewSet: Pick<AnyViewSet, 'app' | 'model'>) => `${viewSet.app}.${viewSet.model}`;

export function pathsOf(viewSet: AnyViewSet): ViewSetPaths {
  return {
    list: '',
    add: 'add/',
    edit: 'edit/:pk/',
    delete: 'delete/:pk/',
    history: 'history/:pk/',
    usage: 'usage/:pk/',
    inspect: 'inspect/:pk/',
    ...viewSet.paths,
  };
}

/** The folder of the viewset's screens: '/wagtail/redirects/'. */
export const baseUrlOf = (viewSet: AnyViewSet) => `/wagtail/${viewSet.base}/`;

/** The URL of one screen of one object: urlOf(viewSet, 'edit', 12) -> '/wagtail/redirects/12/'. */
export function urlOf(viewSet: AnyViewSet, screen: ObjectScreen, pk: number): string {
  return `${baseUrlOf(viewSet)}${pathsOf(viewSet)[screen].replace(':pk', String(pk))}`;
}

export const listUrlOf = (viewSet: AnyViewSet) => `${baseUrlOf(viewSet)}${pathsOf(viewSet).list}`;
export const addUrlOf = (viewSet: AnyViewSet) => `${baseUrlOf(viewSet)}${pathsOf(viewSet).add}`;
