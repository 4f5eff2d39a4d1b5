import * as z from 'zod';
import type { CaptchaView, FormErrorsView } from '../forms/form-state';
import { A11Y_DESCRIPTION_MAX } from '../forms/a11y-report-path';
import { line, REQUIRED, text, TOO_LONG } from './forms';

export { A11Y_DESCRIPTION_MAX };

/*
 * The accessibility report form (issue 29): what the guest tells us, and what their browser
 * can say without sending the page itself (the page's copy or DOM may hold personal data).
 */

export { A11Y_REPORT_PATH } from '../forms/a11y-report-path';
export const A11Y_REPORT_FIELDS = ['description', 'email', 'page_url', 'screen_width', 'screen_height'] as const;
const INVALID_EMAIL = 'Enter a valid email address.';
const INVALID_PAGE_URL = 'Enter the address of a page of this site (starting with http:// or https://).';

/** A page address as the footer sends it: empty, or an http(s) URL. */
const pageUrl = line(2000).refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), INVALID_PAGE_URL);

/** A screen dimension filled in by the footer's script: a whole number of pixels, or nothing. */
const screenSize = line(6)
  .refine((value) => value === '' || /^\d{1,5}$/.test(value), 'Enter a whole number.')
  .transform((value) => (value === '' ? null : Number(value)));

export const a11yReportSchema = z.object({
  description: text
    .pipe(z.string().max(A11Y_DESCRIPTION_MAX * 4, TOO_LONG.replace('{max}', String(A11Y_DESCRIPTION_MAX))))
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .refine((value) => value.length > 0, REQUIRED)
    .refine((value) => value.length <= A11Y_DESCRIPTION_MAX, TOO_LONG.replace('{max}', String(A11Y_DESCRIPTION_MAX))),
  email: line(254)
    .refine((value) => value === '' || z.email().safeParse(value).success, INVALID_EMAIL)
    .transform((value) => value.toLowerCase()),
  page_url: pageUrl,
  screen_width: screenSize,
  screen_height: screenSize,
});
export type A11yReportInput = z.infer<typeof a11yReportSchema>;

/** The report page's state, as its template reads it from page.extra. */
export type A11yReportPageExtra = {
  csrfToken: string;
  sent: boolean;
  values: Record<string, string>;
  errors: FormErrorsView;
  captcha: CaptchaView;
};
