import type { Request } from 'express';
import type { Db } from '../../../db';
import { formErrors } from '../../../http/validate';
import type { PageFiltersView } from '../../../../shared/admin/page-filters';
import {
  PAGE_FILTER_KEYS,
  pageFilterPairs,
  pageFiltersSchema,
  type PageFilterKey,
  type PageFilters,
} from '../../../../shared/schemas/page-filters';
import { pageFilterChoices, resolvePageFilters, type PageListFilters } from '../../pages/filters-service';

const FILTER_LABELS: Record<PageFilterKey, string> = {
  type: 'Page type',
  status: 'Status',
  owner: 'Owner',
  site: 'Site',
  locale: 'Language',
};

/** The query pairs a listing keeps besides its filters: the explorer's ordering. */
export const orderingPairs = (ordering: string | undefined): Array<[string, string]> =>
  ordering ? [['ordering', ordering]] : [];

/** A listing URL: the base, then what it keeps (ordering, search words) and the filters (page 1: a new filter starts over). */
export function listingHref(base: string, keep: Array<[string, string]>, pairs: Array<[string, string]>): string {
  const query = new URLSearchParams([...keep, ...pairs]).toString();
  return query ? `${base}?${query}` : base;
}

/**
 * A page listing's filters from the query string (the explorer's and the page search's): those
 * that can be applied, and the drawer's view (choices, chips, errors). `keep` is what every chip
 * and "clear all" link keeps: the explorer's ordering, the search's words. A value of the wrong
 * shape or one naming nothing is an error on its field, and no filter is applied until all are
 * valid: a listing that silently ignores one filter would look filtered when it is not.
 */
export async function readPageFilters(
  db: Db,
  req: Request,
  base: string,
  keep: Array<[string, string]>,
  /** Where the viewer's page grants start (null: everywhere): the site choices are limited to them. */
  explorable: string[] | null,
): Promise<{ applied: PageListFilters | undefined; view: PageFiltersView }> {
  const raw: Partial<Record<PageFilterKey, string>> = {};
  for (const key of PAGE_FILTER_KEYS) {
    const value = req.query[key];
    if (typeof value === 'string' && value !== '') raw[key] = value.slice(0, 200);
    else if (Array.isArray(value)) raw[key] = String(value[0] ?? '').slice(0, 200);
  }
  const choices = await pageFilterChoices(db, explorable);
  const parsed = pageFiltersSchema.safeParse(req.query);
  let filters: PageFilters = {};
  let errors: Partial<Record<PageFilterKey, string>> = {};
  let applied: PageListFilters | undefined;
  if (!parsed.success) {
    const { fieldErrors, nonFieldErrors } = formErrors(parsed.error, [...PAGE_FILTER_KEYS]);
    errors = fieldErrors;
    if (nonFieldErrors[0]) errors.type ??= nonFieldErrors[0];
  } else {
    const resolved = await resolvePageFilters(db, parsed.data);
    errors = resolved.errors;
    if (Object.keys(errors).length === 0) {
      filters = parsed.data;
      applied = resolved.filters;
    }
  }
  const pairs = pageFilterPairs(filters);
  const chips = pairs.map(([key, value]) => {
    const label = choices[key].find((choice) => choice.value === value)?.label ?? value;
    return {
      key,
      label: `${FILTER_LABELS[key]}: ${label}`,
      removeHref: listingHref(
        base,
        keep,
        pairs.filter(([other]) => other !== key),
      ),
    };
  });
  return {
    applied,
    view: { values: raw, choices, chips, applied: pairs, clearHref: listingHref(base, keep, []), errors },
  };
}
