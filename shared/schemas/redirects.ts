import { z } from 'zod';
import { MAX_OLD_PATH_LENGTH, normalisePath, redirectKey } from '../redirects/normalise';

const REQUIRED = 'This field is required.';
const SELECT = 'Select a valid choice.';

/** A redirect target link: a web address (http or https) or a path on the site. */
export function checkRedirectLink(value: string): string | undefined {
  if (value.startsWith('/') && !value.startsWith('//'))
    return /\s/.test(value) ? 'The path must not contain spaces.' : undefined;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return 'Enter a web address starting with http:// or https://, or a path starting with /.';
    if (url.username || url.password) return 'The web address must not contain a user name or password.';
    return undefined;
  } catch {
    return 'Enter a web address starting with http:// or https://, or a path starting with /.';
  }
}

/**
 * The redirect form (Wagtail's RedirectForm): the old path (normalised here, so the form and
 * the import store the same key), the site ('' for all sites), a page (its id or its path on the
 * site) or a link, permanent or temporary, and whether the query string must match.
 */
export const redirectFormSchema = z
  .object({
    old_path: z
      .string({ error: REQUIRED })
      .trim()
      .min(1, REQUIRED)
      .max(2000, `Ensure this value has at most ${MAX_OLD_PATH_LENGTH} characters.`)
      .superRefine((value, ctx) => {
        const normalised = normalisePath(value);
        if ('error' in normalised) ctx.addIssue({ code: 'custom', message: normalised.error });
      }),
    site: z.union([
      z.literal(''),
      z.coerce.number({ error: SELECT }).int(SELECT).min(1, SELECT).max(2_147_483_647, SELECT),
    ]),
    redirect_page: z.string().trim().max(2000, 'Ensure this value has at most 2000 characters.'),
    redirect_link: z
      .string()
      .trim()
      .max(2000, 'Ensure this value has at most 2000 characters.')
      .superRefine((value, ctx) => {
        const problem = value === '' ? undefined : checkRedirectLink(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    is_permanent: z.enum(['permanent', 'temporary'], { error: SELECT }),
    match_query_string: z.preprocess((value) => value === 'on', z.boolean()),
  })
  .superRefine((data, ctx) => {
    if (data.redirect_page === '' && data.redirect_link === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['redirect_page'],
        message: 'Choose a page or enter a link to redirect to.',
      });
    }
    if (data.redirect_page !== '' && data.redirect_link !== '') {
      ctx.addIssue({ code: 'custom', path: ['redirect_link'], message: 'Redirect to a page or to a link, not both.' });
    }
  })
  .transform((data) => {
    const normalised = normalisePath(data.old_path) as { path: string; query: string };
    return {
      oldPath: redirectKey(normalised, data.match_query_string),
      siteId: data.site === '' ? null : data.site,
      page: data.redirect_page,
      link: data.redirect_link,
      isPermanent: data.is_permanent === 'permanent',
      matchQueryString: data.match_query_string,
    };
  });
export type RedirectInput = z.infer<typeof redirectFormSchema>;

export const REDIRECT_IMPORT_MAX_ROWS = 10_000;
export const REDIRECT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** The import form's options (the file itself arrives through multer). */
export const redirectImportOptionsSchema = z.object({
  site: z.union([
    z.literal(''),
    z.coerce.number({ error: SELECT }).int(SELECT).min(1, SELECT).max(2_147_483_647, SELECT),
  ]),
  is_permanent: z.enum(['permanent', 'temporary'], { error: SELECT }),
});

export const redirectImportConfirmSchema = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{20,64}$/, 'This import has expired or does not exist. Upload the file again.'),
});
