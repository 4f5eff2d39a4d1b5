import type { Request } from 'express';
import type { Db } from '../../../db';
import { badRequest } from '../../../errors';
import { parseOr400 } from '../../../http/validate';
import type { ColumnView, FilterView, ListView, RowView } from '../../../../shared/admin/viewset';
import { listQuerySchema, VIEWSET_PAGE_SIZE } from '../../../../shared/schemas/viewset';
import { modelPermissionsFor } from '../../permissions/model-policy';
import { permissionsFor } from '../../permissions/request';
import { addUrlOf, listUrlOf, urlOf, type AnyViewSet, type ListQuery, type ViewSetRow } from './definition';
import type { ListViewer } from './list-types';
import { isListOnly } from './list-only';
import { mayBulk, mayDo, offeredBulkActions, permissionModelOf, permits } from './permission-policy';

/** What reading a list query needs from a viewset. */
export type ListDeclaration = Pick<AnyViewSet, 'columns' | 'filters' | 'defaultOrder'>;

/** Who asks for a list (call behind requireAdmin): a list scoped to the viewer reads it. */
export async function listViewerOf(db: Db, req: Request): Promise<ListViewer> {
  return { userId: req.user!.id, pages: await permissionsFor(db, req), models: await modelPermissionsFor(db, req) };
}

export type ReadListQuery = {
  query: Omit<ListQuery, 'limit' | 'offset'>;
  page: number;
  ordering: string;
  exportAs?: 'csv' | 'xlsx';
  filterChoices: Map<string, Array<{ value: string; label: string }>>;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day: '2026-02-30' is refused, not rolled over to March. */
const isRealDate = (value: string) => {
  if (!DATE.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
};

/** A list request read and checked against the declaration: unknown sorts, filter values and dates are 400s. */
export async function readListQuery(db: Db, declaration: ListDeclaration, req: Request): Promise<ReadListQuery> {
  const raw = req.query as Record<string, unknown>;
  const parsed = parseOr400(
    listQuerySchema,
    { q: raw.q, ordering: raw.ordering, p: raw.p, export: raw.export },
    'list query',
  );
  const ordering = parsed.ordering ?? declaration.defaultOrder;
  const column = ordering.replace(/^-/, '');
  if (!declaration.columns.some((c) => c.name === column && c.sortable)) {
    throw badRequest(`The list cannot be sorted by '${column}'.`, { ordering: ['Choose a column to sort by.'] });
  }
  const filters: Record<string, string> = Object.create(null);
  const filterChoices = new Map<string, Array<{ value: string; label: string }>>();
  for (const filter of declaration.filters ?? []) {
    const value = raw[filter.name];
    if (filter.type === 'date') {
      if (value === undefined || value === '') continue;
      if (typeof value !== 'string' || !isRealDate(value)) {
        throw badRequest(`The ${filter.label.toLowerCase()} filter is not valid: Enter a valid date (YYYY-MM-DD).`, {
          [filter.name]: ['Enter a valid date (YYYY-MM-DD).'],
        });
      }
      filters[filter.name] = value;
      continue;
    }
    const choices = await filter.choices(db);
    filterChoices.set(filter.name, choices);
    if (value === undefined || value === '') continue;
    if (typeof value !== 'string' || !choices.some((choice) => choice.value === value)) {
      throw badRequest(`The ${filter.label.toLowerCase()} filter is not valid: Select a valid choice.`, {
        [filter.name]: ['Select a valid choice.'],
      });
    }
    filters[filter.name] = value;
  }
  return {
    query: { q: parsed.q, filters, order: { column, desc: ordering.startsWith('-') } },
    page: parsed.p,
    ordering,
    exportAs: parsed.export,
    filterChoices,
  };
}

/** The list URL with some parameters changed (page, ordering, export), keeping search and filters. */
export function listHrefWith(
  baseUrl: string,
  defaultOrder: string,
  current: { q: string; filters: Readonly<Record<string, string>>; ordering: string },
  change: Record<string, string | undefined>,
): string {
  const params = new URLSearchParams();
  if (current.q) params.set('q', current.q);
  for (const [name, value] of Object.entries(current.filters)) params.set(name, value);
  if (current.ordering !== defaultOrder) params.set('ordering', current.ordering);
  for (const [name, value] of Object.entries(change)) {
    if (value === undefined) params.delete(name);
    else params.set(name, value);
  }
  const search = params.toString();
  return `${baseUrl}${search ? `?${search}` : ''}`;
}

/** The filters as the list's form shows them (selects with their choices, date inputs). */
export function filterViews(
  declaration: ListDeclaration,
  read: Pick<ReadListQuery, 'query' | 'filterChoices'>,
): FilterView[] {
  return (declaration.filters ?? []).map((filter) => ({
    name: filter.name,
    label: filter.label,
    value: read.query.filters[filter.name] ?? '',
    ...(filter.type === 'date'
      ? { type: 'date' as const, choices: [] }
      : { choices: read.filterChoices.get(filter.name) ?? [] }),
  }));
}

/** The column headers with their sort links (a second click on the sorted column reverses it). */
export function columnViews(
  declaration: ListDeclaration,
  order: ListQuery['order'],
  hrefFor: (change: Record<string, string | undefined>) => string,
): ColumnView[] {
  return declaration.columns.map((column) => {
    const sorted = order.column === column.name ? (order.desc ? 'desc' : 'asc') : undefined;
    const next = sorted === 'asc' ? `-${column.name}` : column.name;
    return {
      name: column.name,
      label: column.label,
      sorted,
      sortHref: column.sortable ? hrefFor({ ordering: next, p: undefined }) : undefined,
      ...(column.linksToEdit ? { linksToEdit: true } : {}),
    };
  });
}

/** Previous and next page links. */
export function paginationView(
  page: number,
  total: number,
  hrefFor: (change: Record<string, string | undefined>) => string,
): ListView['pagination'] {
  const pageCount = Math.max(1, Math.ceil(total / VIEWSET_PAGE_SIZE));
  return {
    page,
    pageCount,
    total,
    pageSize: VIEWSET_PAGE_SIZE,
    previousHref: page > 1 ? hrefFor({ p: page - 1 === 1 ? undefined : String(page - 1) }) : undefined,
    nextHref: page < pageCount ? hrefFor({ p: String(page + 1) }) : undefined,
  };
}

/** The list screen's view: one page of rows, sort links, filters, pagination and export links. */
export async function buildListView(db: Db, viewSet: AnyViewSet, req: Request, viewer: ListViewer): Promise<ListView> {
  const read = await readListQuery(db, viewSet, req);
  const { query, page, ordering } = read;
  const permissions = viewer.models;
  const listOnly = isListOnly(viewSet);
  const offset = (page - 1) * VIEWSET_PAGE_SIZE;
  const { rows, total } = await viewSet.store.list(db, { ...query, limit: VIEWSET_PAGE_SIZE, offset }, viewer);
  const current = { q: query.q, filters: query.filters, ordering };
  const hrefFor = (change: Record<string, string | undefined>) =>
    listHrefWith(listUrlOf(viewSet), viewSet.defaultOrder, current, change);
  const canChange = mayDo(permissions, viewSet, 'edit');
  const canDelete = mayDo(permissions, viewSet, 'delete');
  const selfHref = hrefFor(page > 1 ? { p: String(page) } : {});
  // A bulk action is offered to whoever holds its permission, and (a select) has something to choose.
  const bulkActions: NonNullable<ListView['bulkActions']> = [];
  for (const action of offeredBulkActions(viewSet)) {
    if (!mayBulk(permissions, viewSet, action)) continue;
    if (action.choices && (await action.choices(db, permissions)).length === 0) continue;
    bulkActions.push({ label: action.button, href: bulkActionUrlOf(viewSet, action.name) });
  }

  const rowViews: RowView[] = (rows as ViewSetRow[]).map((row, index) => {
    const editHref = canChange ? urlOf(viewSet, 'edit', row.id) : undefined;
    return {
      // A list-only viewset's rows need no id of their own (an audit entry, a page type): their place is their key.
      id: listOnly ? offset + index + 1 : row.id,
      title: viewSet.title(row),
      cells: viewSet.columns.map((column) => ({
        text: column.value(row),
        href: column.linksToEdit ? editHref : column.linkTo?.(row, viewer),
        ...(column.markup ? { markup: column.markup(row) } : {}),
      })),
      thumbnail: viewSet.thumbnail?.(row),
      editHref,
      deleteHref: canDelete ? urlOf(viewSet, 'delete', row.id) : undefined,
      postActions: viewSet.rowActions?.(row, viewer, selfHref),
    };
  });
  return {
    names: viewSet.names,
    heading: viewSet.heading,
    intro: viewSet.intro,
    emptyText: viewSet.emptyText,
    // A list-only viewset without a search declares none (the model lists always had one).
    searchable: listOnly && !viewSet.search ? false : undefined,
    actionsColumn: listOnly && !viewSet.rowActions ? false : undefined,
    layout: viewSet.listLayout === 'grid' ? 'grid' : undefined,
    baseUrl: listUrlOf(viewSet),
    q: query.q,
    ordering: ordering === viewSet.defaultOrder ? '' : ordering,
    filters: filterViews(viewSet, read),
    columns: columnViews(viewSet, query.order, hrefFor),
    rows: rowViews,
    pagination: paginationView(page, total, hrefFor),
    addHref: mayDo(permissions, viewSet, 'add') ? addUrlOf(viewSet) : undefined,
    actions: (viewSet.listActions ?? [])
      .filter((action) => permits(permissions, permissionModelOf(viewSet), action.permission))
      .map(({ label, href }) => ({ label, href })),
    exportHrefs: mayDo(permissions, viewSet, 'export')
      ? { csv: hrefFor({ export: 'csv' }), xlsx: hrefFor({ export: 'xlsx' }) }
      : undefined,
    bulkDeleteAction: canDelete && viewSet.bulkDelete !== false ? bulkDeleteUrlOf(viewSet) : undefined,
    bulkActions: bulkActions.length ? bulkActions : undefined,
    selfHref,
    tabs: viewSet.tabs && {
      label: viewSet.tabs.label,
      links: viewSet.tabs.links.map((link) => ({ ...link, current: link.href === listUrlOf(viewSet) })),
    },
  };
}

/** Wagtail's bulk action URL: /wagtail/bulk/{app}/{model}/{action}/. */
export const bulkActionUrlOf = (viewSet: Pick<AnyViewSet, 'app' | 'model'>, action: string) =>
  `/wagtail/bulk/${viewSet.app}/${viewSet.model}/${action}/`;
export const bulkDeleteUrlOf = (viewSet: AnyViewSet) => bulkActionUrlOf(viewSet, 'delete');
