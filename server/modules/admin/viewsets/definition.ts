import type { FocalPickerView } from '../../../../shared/admin/viewset';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { Db } from '../../../db';
import type { FormFieldView } from '../../../../shared/admin/viewset';
import type { ListQuery } from '../../../listing/list-query';
import type { ModelPermissionAction } from '../../permissions/table';

/**
 * One model's admin screens, declared once (Wagtail's ModelViewSet / SnippetViewSet). Give
 * `viewSetRoutes(db, viewSet)` a ViewSet and it serves, under /wagtail/{base}/, a list (search,
 * filters, sortable columns, 50 a page, bulk delete, CSV and XLSX export), add and edit forms
 * validated with `schema` (first error per field, stale-form 409), delete with a usage warning,
 * history from the audit log, and optionally drafts, preview, publish and revert. Every route
 * checks the model permission of its action (superusers always pass).
 *
 * A model's domain module provides the store (its repo and service: the only SQL and the rules);
 * the viewset itself writes the audit log and the revisions, so every model gets history for free.
 * See docs/decisions/2026-11-23-admin-viewset-recipe.md.
 */

/** Every row a viewset handles has a numeric id and a version bumped by each save (stale forms). */
export type ViewSetRow = { id: number; version: number };

/** Who is acting: the audit log's user. */
export type Actor = { userId: number };

export type { ListQuery } from '../../../listing/list-query';

/** The model's data access, from its domain module (repo.ts for SQL, service.ts for the rules). */
export interface ViewSetStore<Row extends ViewSetRow, Input> {
  list(db: Db, query: ListQuery): Promise<{ rows: Row[]; total: number }>;
  /** One row; `lock` takes a row lock inside the viewset's transaction (stale-form check). */
  get(db: Db, id: number, options?: { lock?: boolean }): Promise<Row | undefined>;
  /** Validated input; throws HttpError 400 (with `fields`) for a rule the schema cannot see. */
  create(db: Db, input: Input, actor: Actor): Promise<Row>;
  /** Saves and bumps `version`. */
  update(db: Db, row: Row, input: Input, actor: Actor): Promise<Row>;
  /** Deletes; throws HttpError 400/409 when the model refuses (e.g. a non-empty collection). */
  remove(db: Db, rows: Row[], actor: Actor): Promise<void>;
}

export type ViewSetField = FormFieldView & {
  /** Choices loaded per request (sites, pages...). Overrides `choices`. */
  loadChoices?: (db: Db) => Promise<Array<{ value: string; label: string }>>;
};

export type ViewSetColumn<Row> = {
  name: string;
  label: string;
  /** Offered as a sort link; the store must sort by this name. */
  sortable?: boolean;
  /** The cell's text (also what CSV and XLSX exports hold). */
  value(row: Row): string;
  /** The cell links to the edit screen (the first column usually does). */
  linksToEdit?: boolean;
};

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

/** Optional drafts: the live object and its latest draft are separate (header, footer, navigation). */
export type DraftHooks<Row extends ViewSetRow, Input> = {
  /** The draft content as form values, and back. Content is stored as JSON in object_revisions. */
  toContent(input: Input): unknown;
  fromContent(content: unknown): Input | undefined;
  /** The edit form's values of a draft (the form opens on the newest draft, not the live row). */
  formValues(input: Input): Record<string, string>;
  /** Publishes content onto the live row (inside the viewset's transaction). */
  publish(db: Db, row: Row, input: Input, actor: Actor): Promise<Row>;
  /** Bumps the live row's version only (a draft was saved: forms opened before it are stale). */
  touch(db: Db, row: Row): Promise<Row>;
  /** Renders the content on the real site template (a POST of the form, nothing saved). */
  preview?: (req: Request, res: Response, input: Input, row: Row | undefined) => Promise<void>;
};

export type ViewSetPaths = { edit: string; delete: string; history: string; usage: string };

export type ViewSet<Row extends ViewSetRow, Input> = {
  /** Wagtail's app label and model name: the permission key is `${app}.${model}`. */
  app: string;
  model: string;
  names: { name: string; plural: string };
  /** The screens' folder under /wagtail/, e.g. 'redirects' or 'snippets/core/country'. */
  base: string;
  /** Path patterns under the base (':pk' is the id). Defaults: edit/:pk/, delete/:pk/, history/:pk/, usage/:pk/. */
  paths?: Partial<ViewSetPaths>;
  /** The main menu entry. Absent: reached from elsewhere (a snippets index). */
  menu?: { label: string; order: number };
  /** Parses the form (text fields as posted); from shared/schemas so the browser can use it too. */
  schema: z.ZodType<Input>;
  fields: readonly ViewSetField[];
  /** Form values of a saved row (the edit form's initial values) and of a new one. */
  formValues(row: Row, db: Db): Promise<Record<string, string>> | Record<string, string>;
  initialValues: Record<string, string>;
  /** The object as a sentence (titles, history, messages). */
  title(row: Row): string;
  columns: readonly ViewSetColumn<Row>[];
  /** Shown when the store searches (`q`); its placeholder names what is searched. */
  search?: { placeholder: string };
  filters?: readonly ViewSetFilter[];
  /** A sortable column name, '-name' for descending. */
  defaultOrder: string;
  store: ViewSetStore<Row, Input>;
  /** How many places use the object: deleting warns with the count, and a usage screen lists them. */
  usage?: {
    count(db: Db, rows: Row[]): Promise<Map<number, number>>;
    list?(db: Db, row: Row): Promise<Array<{ label: string; href?: string; where: string }>>;
  };
  /** Why an object cannot be deleted (a collection that is not empty): the delete screen says so and offers no button. */
  deleteRefusal?: (row: Row) => string | undefined;
  drafts?: DraftHooks<Row, Input>;
  /** More header actions on the list (e.g. Import), shown to holders of `action`. */
  listActions?: Array<{ label: string; href: string; action: ModelPermissionAction }>;
  /** An image to click on the edit screen, setting the focal point fields (images). */
  focalPicker?: (row: Row) => FocalPickerView;
  /** More links on an object's edit screen (e.g. a collection's Privacy), shown to holders of `action`. */
  editLinks?: Array<{ label: string; href: (pk: number) => string; action: ModelPermissionAction }>;
  /** False: no bulk delete (the default is on). */
  bulkDelete?: boolean;
  /** Runs after a write is committed (create, edit, delete, publish, revert): e.g. drop caches on every dyno. */
  afterChange?: (db: Db) => Promise<void>;
};

/** Keeps the row and input types of a declaration (no runtime work). */
export function defineViewSet<Row extends ViewSetRow, Input>(viewSet: ViewSet<Row, Input>): ViewSet<Row, Input> {
  return viewSet;
}

/** A viewset whose row and input types no longer matter (registries, menus, the group screen). */
export type AnyViewSet = ViewSet<any, any>;

export const modelKey = (viewSet: Pick<AnyViewSet, 'app' | 'model'>) => `${viewSet.app}.${viewSet.model}`;

export function pathsOf(viewSet: AnyViewSet): ViewSetPaths {
  return { edit: 'edit/:pk/', delete: 'delete/:pk/', history: 'history/:pk/', usage: 'usage/:pk/', ...viewSet.paths };
}

/** The URL of one screen of one object: urlOf(viewSet, 'edit', 12) -> '/wagtail/redirects/12/'. */
export function urlOf(viewSet: AnyViewSet, screen: keyof ViewSetPaths, pk: number): string {
  return `/wagtail/${viewSet.base}/${pathsOf(viewSet)[screen].replace(':pk', String(pk))}`;
}

export const listUrlOf = (viewSet: AnyViewSet) => `/wagtail/${viewSet.base}/`;
