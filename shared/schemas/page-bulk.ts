import * as z from 'zod';

/**
 * Bulk actions on pages (Wagtail's /wagtail/bulk/wagtailcore/page/{action}/?id=1&id=2&next=...).
 * The GET shows a confirmation screen; the POST (same fields in the body) acts on each page.
 */
export const BULK_ACTIONS = ['publish', 'unpublish', 'move', 'delete'] as const;
export type BulkActionName = (typeof BULK_ACTIONS)[number];

export const BULK_ACTION_LABELS: Record<BulkActionName, string> = {
  publish: 'Publish',
  unpublish: 'Unpublish',
  move: 'Move',
  delete: 'Delete',
};

/** The most pages one bulk action takes (a listing shows 50 at a time). */
export const BULK_MAX_PAGES = 200;

const ID = 'Each selected page must be a page id (a whole number).';

export const pageBulkSchema = z.object({
  id: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z
      .array(z.coerce.number({ error: ID }).int(ID).min(1, ID).max(2_147_483_647, ID))
      .min(1, 'Select at least one page.')
      .max(BULK_MAX_PAGES, `Select at most ${BULK_MAX_PAGES} pages at a time.`)
      .transform((ids) => [...new Set(ids)]),
  ),
  next: z.string().max(2000).optional(),
  /** Move only: the new parent page. */
  destination: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: 'Choose a destination page.' })
      .int('Choose a destination page.')
      .min(1, 'Choose a destination page.')
      .max(2_147_483_647, 'Choose a destination page.')
      .optional(),
  ),
});
export type PageBulkInput = z.infer<typeof pageBulkSchema>;
