import * as z from 'zod';

/** A viewset list's page size (Wagtail's 50); exports take the whole filtered list up to EXPORT_MAX_ROWS. */
export const VIEWSET_PAGE_SIZE = 50;
export const EXPORT_MAX_ROWS = 50_000;

const PAGE_NUMBER = 'Enter a whole number of at least 1.';

/**
 * A viewset list's query: search `q`, `ordering` (a column name, '-name' for descending), the page
 * `p`, `export` (csv or xlsx). Filters are read separately, by the names the model declares.
 */
export const listQuerySchema = z.object({
  q: z.string().trim().max(255, 'Ensure the search has at most 255 characters.').default(''),
  ordering: z
    .string()
    .max(64)
    .regex(/^-?[a-z_]{1,60}$/, 'Choose a column to sort by.')
    .optional(),
  p: z.coerce
    .number({ error: PAGE_NUMBER })
    .int(PAGE_NUMBER)
    .min(1, PAGE_NUMBER)
    .max(1_000_000, 'Enter a page number of at most 1000000.')
    .default(1),
  export: z.enum(['csv', 'xlsx'], { error: 'Choose csv or xlsx.' }).optional(),
});
export type ListQueryInput = z.infer<typeof listQuerySchema>;

/** The ids ticked for a bulk action (`id` repeated, as Wagtail's bulk actions). */
export const bulkIdsSchema = z.object({
  id: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z
      .array(z.coerce.number({ error: 'Enter a whole number.' }).int('Enter a whole number.').min(1).max(2_147_483_647))
      .min(1, 'Select at least one item.')
      .max(500, 'Select at most 500 items at a time.'),
  ),
  next: z.string().max(2000).optional(),
});

/** The hidden field a viewset form carries: the object's version when the form was opened. */
export const formVersionSchema = z.coerce
  .number({ error: 'The form is missing its version: reload it.' })
  .int()
  .min(0)
  .max(2_147_483_647);

/** A path parameter `pk`. */
export const pkParamsSchema = z.object({
  pk: z.coerce
    .number({ error: 'Enter a whole number.' })
    .int('Enter a whole number.')
    .min(1, 'Enter a whole number.')
    .max(2_147_483_647, 'Enter a whole number.'),
});
