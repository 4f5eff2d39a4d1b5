import * as z from 'zod';
import { checkOldPath, MAX_OLD_PATH_LENGTH, redirectKey, type NormalisedPath } from '../redirects/normalise';
import { normaliseSitePath } from '../urls/site-path';

const REQUIRED = 'This field is required.';
const SELECT = 'Select a valid choice.';
const LINK_SHAPE = 'Enter a web address starting with http:// or https://, or a path starting with /.';

/**
 * A redirect target link as it is stored and sent: a web address (http or https), or a path on the
 * site with its '.' and '..' segments resolved (what the browser would ask for, so the loop and
 * chain checks see the real target: '/loop-a/./' is '/loop-a/'). Refused: a backslash or %5C
 * anywhere (browsers read '\' as '/', so '/\evil.example/' is another site), whitespace or control
 * characters, and any path that a browser would take off the site (shared/urls/site-path.ts).
 */
export function normaliseRedirectLink(value: string): { link: string } | { error: string } {
  if (/\\|%5c/i.test(value)) return { error: 'The link must not contain a backslash (\\), written or as %5C.' };
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f-\u009f]/.test(value))
    return { error: 'The link must not contain spaces or control characters.' };
  if (value.startsWith('/') && !value.startsWith('//')) {
    const path = normaliseSitePath(value);
    return path === null ? { error: 'Enter a path on this site, such as /menu/.' } : { link: path };
  }
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: LINK_SHAPE };
    if (url.username || url.password) return { error: 'The web address must not contain a user name or password.' };
    return { link: value };
  } catch {
    return { error: LINK_SHAPE };
  }
}

/** The problem with a redirect target link, if any (see normaliseRedirectLink). */
export function checkRedirectLink(value: string): string | undefined {
  const checked = normaliseRedirectLink(value);
  return 'error' in checked ? checked.error : undefined;
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
        const normalised = checkOldPath(value);
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
    const normalised = checkOldPath(data.old_path) as NormalisedPath;
    const link = data.redirect_link === '' ? undefined : normaliseRedirectLink(data.redirect_link);
    return {
      oldPath: redirectKey(normalised, data.match_query_string),
      siteId: data.site === '' ? null : data.site,
      page: data.redirect_page,
      link: link && 'link' in link ? link.link : data.redirect_link,
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
