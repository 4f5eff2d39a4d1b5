import * as z from 'zod';
import { explorerOrderingSchema } from './explorer';

/** The login form (Django's AuthenticationForm limits). Empty fields are "required" errors. */
export const loginFormSchema = z.object({
  username: z
    .string({ error: 'This field is required.' })
    .trim()
    .min(1, 'This field is required.')
    .max(150, 'Ensure this value has at most 150 characters.'),
  // Bounded so a huge body cannot make argon2 hash megabytes.
  password: z
    .string({ error: 'This field is required.' })
    .min(1, 'This field is required.')
    .max(4096, 'Ensure this value has at most 4096 characters.'),
  next: z.string().max(2000).optional(),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

const WHOLE_NUMBER = 'Enter a whole number.';
/** A database id in a URL: a whole number from 1 (a bad one is a 400 whose field message says so). */
export const idParam = z.coerce
  .number({ error: WHOLE_NUMBER })
  .int(WHOLE_NUMBER)
  .min(1, WHOLE_NUMBER)
  .max(2_147_483_647, WHOLE_NUMBER);

export const pageIdParamsSchema = z.object({ id: idParam });

export const EXPLORER_PAGE_SIZE = 50;

/** Explorer query: `p` is the 1-based page of children, `ordering` a column (Wagtail's names). */
const PAGE_NUMBER = 'Enter a whole number of at least 1.';
export const explorerQuerySchema = z.object({
  p: z.coerce
    .number({ error: PAGE_NUMBER })
    .int(PAGE_NUMBER)
    .min(1, PAGE_NUMBER)
    .max(1_000_000, 'Enter a page number of at most 1000000.')
    .default(1),
  ordering: explorerOrderingSchema.optional(),
});

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The edit screen's page fields (Wagtail's content and promote tabs, without the body yet). */
export const pageFieldsFormSchema = z.object({
  title: z
    .string({ error: 'This field is required.' })
    .trim()
    .min(1, 'This field is required.')
    .max(255, 'Ensure this value has at most 255 characters.'),
  slug: z
    .string({ error: 'This field is required.' })
    .trim()
    .min(1, 'This field is required.')
    .max(255, 'Ensure this value has at most 255 characters.')
    .regex(SLUG, 'Enter a valid slug: lower-case letters, digits and hyphens.'),
  seo_title: z.string().trim().max(255, 'Ensure this value has at most 255 characters.').default(''),
  search_description: z.string().trim().max(1000, 'Ensure this value has at most 1000 characters.').default(''),
  'action-publish': z.string().optional(),
  /** 'Submit for moderation': save as a draft, then put it up for review. */
  'action-submit': z.string().optional(),
});
export type PageFieldsForm = z.infer<typeof pageFieldsFormSchema>;
export const PAGE_FIELD_NAMES = ['title', 'slug', 'seo_title', 'search_description'] as const;
export type PageFieldName = (typeof PAGE_FIELD_NAMES)[number];
