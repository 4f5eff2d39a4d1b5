import type { Request } from 'express';
import type { ReactElement } from 'react';
import type { Db } from '../../../db';
import type { ListQuery } from '../../../listing/list-query';
import type { SpreadsheetFormat } from '../../../http/spreadsheet-download';
import type { UserPagePermissions } from '../../permissions/policy';

/*
 * The declarations of the viewset's parent scope, inspect screen and custom list (their behaviour
 * is in parent-scope.ts and scoped-routes.tsx); definition.ts uses them, so nothing here imports it.
 */

/**
 * Viewsets whose rows belong to one parent (Wagtail's form submissions, listed per form page):
 * the base carries the parent's id (`forms/submissions/:page_id`), every route loads the parent
 * (404 when there is none) and checks it after the action's declared permission, and an object
 * screen of another parent's row is a 404. Parents are pages: their check reads the user's page
 * permissions, as Wagtail guards a form's submissions by the form page's permissions.
 * See docs/decisions/2026-11-23-admin-viewset-recipe.md ("Rows of a parent").
 */
export type ParentScope<Parent, Row> = {
  /** The base's path parameter holding the parent's id: 'page_id'. */
  param: string;
  /** The parent as a noun, for messages: 'form page'. */
  name: string;
  load(db: Db, id: number): Promise<Parent | undefined>;
  idOf(parent: Parent): number;
  title(parent: Parent): string;
  /** The parent's id of a row: an object screen whose row has another parent answers 404. */
  parentIdOf(row: Row): number;
  /** What the parent needs of the user, besides the action's permission (superusers always pass). */
  permits(pages: UserPagePermissions, parent: Parent): boolean;
  /**
   * The screen listing the parents (Wagtail's forms index), under /wagtail/{path}, guarded by the
   * 'list' permission; it shows the parents `permits` lets the user open.
   */
  index?: {
    path: string;
    title: string;
    render(args: { db: Db; req: Request; pages: UserPagePermissions }): Promise<ReactElement>;
  };
};

/** A read-only detail screen (Wagtail's InspectView): the row's labelled values. */
export type InspectView<Row> = {
  fields(row: Row): Array<[label: string, value: string]>;
  /**
   * The screen drawn by the model in place of the generic one, from the same fields and what else
   * the row has (a subscriber's consent records). The viewset still owns the route, its guard, the
   * 404 and the title.
   */
  render?(args: { db: Db; row: Row; fields: Array<[label: string, value: string]> }): Promise<ReactElement>;
};

/**
 * What a custom list screen gets: its parent (if any), the request, which actions the user may do,
 * and the store's list as this viewer asks it, with the parent's id among the filters (under the
 * parent's `param`: a parent-scoped store reads it there).
 */
export type CustomListArgs<Row, Action extends string> = {
  req: Request;
  parent: unknown;
  may: (action: Action) => boolean;
  list: (query: ListQuery) => Promise<{ rows: Row[]; total: number }>;
  csrfToken: string;
  flash?: string;
};

/**
 * A list screen of the model's own (form submissions keep Wagtail's table: date range, summary,
 * ticked rows deleted at once; the accessibility reports and the subscribers keep theirs). The
 * viewset still owns the route, its guard, the parent, the export download and the delete; the
 * hook reads the query (a bad value is a 400) and draws the screen.
 */
export type CustomList<Row, Action extends string = string> = {
  render(args: CustomListArgs<Row, Action>): Promise<
    | { screen: { title: string; element: ReactElement; status?: number } }
    | {
        spreadsheet: {
          format: SpreadsheetFormat;
          name: string;
          sheetName: string;
          headers: string[];
          rows: string[][];
        };
      }
  >;
  /**
   * The ids the screen's delete form posts (form submissions post `selected`); throws a 400 when
   * malformed. Absent: the form posts `id`, as the generic list's (a list that deletes nothing needs none).
   */
  selection?(body: Record<string, unknown>): number[];
};
