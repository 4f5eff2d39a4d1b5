import * as z from 'zod';

/**
 * The explorer's filters (Wagtail 7's page listing filters), all in the query string so a filtered
 * listing can be shared: `type` (a page type's name), `status`, `owner` (a user id), `site` (a site
 * id) and `locale` (a language code). An empty value means "any". The shape is checked here; the
 * server then checks that the named type, user, site or language exists.
 */
export const PAGE_STATUS_FILTERS = ['live', 'draft', 'scheduled', 'in_moderation', 'private'] as const;
export type PageStatusFilter = (typeof PAGE_STATUS_FILTERS)[number];

export const PAGE_STATUS_FILTER_LABELS: Record<PageStatusFilter, string> = {
  live: 'Live',
  draft: 'Draft (not live)',
  scheduled: 'Scheduled',
  in_moderation: 'In moderation',
  private: 'Private',
};

/** The query keys the filters use, in the order the drawer shows them. */
export const PAGE_FILTER_KEYS = ['type', 'status', 'owner', 'site', 'locale'] as const;
export type PageFilterKey = (typeof PAGE_FILTER_KEYS)[number];

const empty = (value: unknown) => (value === '' ? undefined : value);
const ID = 'Choose one of the listed values.';
const id = z.preprocess(empty, z.coerce.number({ error: ID }).int(ID).min(1, ID).max(2_147_483_647, ID).optional());

export const pageFiltersSchema = z.object({
  type: z.preprocess(
    empty,
    z
      .string({ error: 'Choose one page type.' })
      .regex(/^[A-Za-z][A-Za-z0-9_]{0,99}$/, 'Choose a page type from the list.')
      .optional(),
  ),
  status: z.preprocess(
    empty,
    z.enum(PAGE_STATUS_FILTERS, { error: `Choose a status among: ${PAGE_STATUS_FILTERS.join(', ')}.` }).optional(),
  ),
  owner: id,
  site: id,
  locale: z.preprocess(
    empty,
    z
      .string({ error: 'Choose one language.' })
      .regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, 'Choose a language from the list.')
      .optional(),
  ),
});
export type PageFilters = z.infer<typeof pageFiltersSchema>;

/** The filters as query pairs (empty ones left out), for links that keep them. */
export function pageFilterPairs(filters: PageFilters): Array<[PageFilterKey, string]> {
  return PAGE_FILTER_KEYS.flatMap((key) => {
    const value = filters[key];
    return value === undefined ? [] : [[key, String(value)] as [PageFilterKey, string]];
  });
}
