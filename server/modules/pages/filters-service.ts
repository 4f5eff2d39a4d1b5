import type { Db } from '../../db';
import {
  PAGE_STATUS_FILTER_LABELS,
  PAGE_STATUS_FILTERS,
  type PageFilterKey,
  type PageFilters,
} from '../../../shared/schemas/page-filters';
import type { PageFilterChoices } from '../../../shared/admin/page-filters';
import { listLocales, listSites } from '../sites/repo';
import { listPageOwners, listSitesWithRootPaths, userExists, type PageListFilters } from './filters-repo';
import { findPageById } from './repo';
import { pageTypes } from './page-types';

export type { PageListFilters };

/** The owner filter lists at most this many people (a chain's staff; the URL takes any owner id). */
const OWNER_CHOICES_LIMIT = 200;

/**
 * Turns filters of the right shape into what the listing query needs, checking that each named
 * page type, owner, site and language exists. A value that names nothing is an error on its
 * field (shown in the drawer), never a silently empty listing.
 */
export async function resolvePageFilters(
  db: Db,
  filters: PageFilters,
): Promise<{ filters: PageListFilters; errors: Partial<Record<PageFilterKey, string>> }> {
  const errors: Partial<Record<PageFilterKey, string>> = {};
  const resolved: PageListFilters = { status: filters.status };
  if (filters.type !== undefined) {
    if (pageTypes.has(filters.type)) resolved.pageType = filters.type;
    else errors.type = `There is no page type '${filters.type}'.`;
  }
  if (filters.owner !== undefined) {
    if (await userExists(db, filters.owner)) resolved.ownerId = filters.owner;
    else errors.owner = `There is no user with id ${filters.owner}.`;
  }
  if (filters.site !== undefined) {
    const site = (await listSites(db)).find((s) => s.id === filters.site);
    const root = site ? await findPageById(db, site.root_page_id) : undefined;
    if (root) resolved.sitePath = root.path;
    else errors.site = `There is no site with id ${filters.site}.`;
  }
  if (filters.locale !== undefined) {
    const code = filters.locale.toLowerCase();
    const locale = (await listLocales(db)).find((l) => l.language_code.toLowerCase() === code);
    if (locale) resolved.localeId = locale.id;
    else errors.locale = `There is no language '${filters.locale}'.`;
  }
  return { filters: resolved, errors };
}

/**
 * Every filter's choices for the drawer (value and label), "any" first. `explorable` is where the
 * viewer's page grants start (null: everywhere); a site is offered only when its tree and those
 * grants meet, so an editor of one section is not shown the other sites' names.
 */
export async function pageFilterChoices(db: Db, explorable: string[] | null = null): Promise<PageFilterChoices> {
  const types = [...pageTypes.values()]
    .map((type) => ({ value: type.type, label: type.label }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const owners = await listPageOwners(db, OWNER_CHOICES_LIMIT);
  const sites = await sitesWithin(db, explorable);
  const locales = await listLocales(db);
  return {
    type: types,
    status: PAGE_STATUS_FILTERS.map((value) => ({ value, label: PAGE_STATUS_FILTER_LABELS[value] })),
    owner: owners.map((owner) => ({ value: String(owner.id), label: owner.name })),
    site: sites.map((site) => ({ value: String(site.id), label: site.site_name || site.hostname })),
    locale: locales.map((locale) => ({ value: locale.language_code, label: locale.language_code })),
  };
}

/** The sites whose tree holds or sits inside one of the given grant paths (all for null). */
async function sitesWithin(db: Db, explorable: string[] | null) {
  const sites = await listSitesWithRootPaths(db);
  if (explorable === null) return sites;
  return sites.filter((site) =>
    explorable.some((path) => path.startsWith(site.root_path) || site.root_path.startsWith(path)),
  );
}
