import * as z from 'zod';
import { PAGE_SEARCH_MAX_LENGTH } from './explorer';

/** Longest query the search across the admin accepts: the page search's limit, as every group links to it. */
export const ADMIN_SEARCH_MAX_LENGTH = PAGE_SEARCH_MAX_LENGTH;

/** How many matches each kind shows on /wagtail/search/ before its "See all" link. */
export const ADMIN_SEARCH_GROUP_SIZE = 5;

/** /wagtail/search/?q=: an empty or missing q shows the form and a hint, never an error. */
export const adminSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Enter the words to search for.' })
    .trim()
    .max(ADMIN_SEARCH_MAX_LENGTH, `Enter at most ${ADMIN_SEARCH_MAX_LENGTH} characters.`)
    .default(''),
});
export type AdminSearchQuery = z.infer<typeof adminSearchQuerySchema>;
