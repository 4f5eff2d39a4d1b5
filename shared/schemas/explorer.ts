import * as z from 'zod';

/**
 * The explorer's column orderings (Wagtail's `?ordering=` values; prefix '-' reverses). 'ord' is the
 * tree order with the move controls shown ("Sort menu order"); without a value the explorer lists
 * children in tree order too, without the controls.
 */
export const EXPLORER_ORDERINGS = [
  'ord',
  'title',
  '-title',
  'latest_revision_created_at',
  '-latest_revision_created_at',
  'status',
  '-status',
] as const;
export type ExplorerOrdering = (typeof EXPLORER_ORDERINGS)[number];

export const explorerOrderingSchema = z.enum(EXPLORER_ORDERINGS, {
  error: `Choose an ordering among: ${EXPLORER_ORDERINGS.join(', ')}.`,
});

/** Longest search the page search accepts (Wagtail's search form limit). */
export const PAGE_SEARCH_MAX_LENGTH = 255;

/** /wagtail/pages/search/?q=&p=: an empty or missing q shows the form alone. */
export const pageSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Enter the words to search for.' })
    .trim()
    .max(PAGE_SEARCH_MAX_LENGTH, `Enter at most ${PAGE_SEARCH_MAX_LENGTH} characters.`)
    .default(''),
  p: z.coerce
    .number({ error: 'Enter a whole number of at least 1.' })
    .int('Enter a whole number of at least 1.')
    .min(1, 'Enter a whole number of at least 1.')
    .max(1_000_000)
    .default(1),
});
export type PageSearchQuery = z.infer<typeof pageSearchQuerySchema>;

/**
 * POST /wagtail/pages/{id}/set_position/?position=N: N is the 0-based place among the parent's
 * children (Wagtail's parameter); a place past the end moves the page to the end, as Wagtail does.
 */
export const setPositionQuerySchema = z.object({
  position: z
    .string({ error: 'Give the new position (position=N, counted from 0).' })
    .trim()
    .regex(/^\d{1,7}$/, 'The position must be a whole number of at least 0.')
    .transform(Number),
});
