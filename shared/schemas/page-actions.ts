import * as z from 'zod';
import { fromLocalInput } from '../admin/local-time';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const id = z.coerce.number().int().min(1).max(2_147_483_647);
/** An HTML checkbox: present ('on', 'true', '1') or absent. */
const checkbox = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => value !== undefined && value !== '' && value !== 'false' && value !== '0');

export const pageIdParams = z.object({ id });
export const addPageParams = z.object({ parent_page_id: id });
export const addPageOfTypeParams = z.object({ type: z.string().regex(/^\w{1,80}$/), parent_page_id: id });
export const revisionParams = z.object({ id, revision_id: id });
export const compareParams = z.object({
  id,
  /** 'live', 'earliest' or a revision id, as Wagtail's revisions_compare. */
  from: z.union([z.literal('live'), z.literal('earliest'), id]),
  to: z.union([z.literal('live'), id]),
});

export const unpublishFormSchema = z.object({ include_descendants: checkbox });

export const moveFormSchema = z.object({ destination: id });
export const moveQuerySchema = z.object({ browse: id.optional() });

const title = z
  .string({ error: 'This field is required.' })
  .trim()
  .min(1, 'This field is required.')
  .max(255, 'Ensure this value has at most 255 characters.');
const slug = z
  .string({ error: 'This field is required.' })
  .trim()
  .min(1, 'This field is required.')
  .max(255, 'Ensure this value has at most 255 characters.')
  .regex(SLUG, 'Enter a valid slug: lower-case letters, digits and hyphens.');

/** Wagtail's CopyForm: new title and slug, destination, with subpages, publish copies. */
export const copyFormSchema = z.object({
  new_title: title,
  new_slug: slug,
  new_parent_page: id,
  copy_subpages: checkbox,
  publish_copies: checkbox,
});
export const COPY_FIELD_NAMES = ['new_title', 'new_slug', 'new_parent_page'] as const;

/** The add form (the first version of a page): its own fields; the body is edited afterwards. */
export const addPageFormSchema = z.object({
  title,
  slug: z.union([slug, z.literal('').transform(() => undefined)]).optional(),
  seo_title: z.string().trim().max(255).default(''),
  search_description: z.string().trim().max(1000).default(''),
  'action-publish': z.string().optional(),
});

/**
 * A `datetime-local` input ('2026-12-01T09:30') on the wall clock of the editor's time zone (their
 * account's, or the site's), stored as the UTC instant; or empty for none. A time the clocks skip
 * is refused with the reason.
 */
export function scheduleFieldIn(timeZone: string) {
  return z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      const read = fromLocalInput(value, timeZone);
      if (read.ok) return read.instant;
      ctx.addIssue({
        code: 'custom',
        message:
          read.reason === 'skipped'
            ? `That time does not exist in ${timeZone}: the clocks go forward then. Choose a time after the change.`
            : 'Enter a valid date and time.',
      });
      return z.NEVER;
    });
}

export const scheduleFormSchemaIn = (timeZone: string) =>
  z.object({ go_live_at: scheduleFieldIn(timeZone), expire_at: scheduleFieldIn(timeZone) });
