import type { Db } from '../../db';
import type { ListQuery } from '../../listing/list-query';
import * as rateLimits from '../rate-limits/service';
import type { A11yReportInput } from '../../../shared/schemas/a11y-report';
import { insertA11yReport, listA11yReports } from './a11y-report-repo';
import type { CaptchaOptions } from './captcha';
import { checkCaptcha, checkSenderLimit } from './guards';

export type A11yReportContext = { siteId: number; languageCode: string; ip: string; userAgent: string };

/**
 * A guest's accessibility report: the captcha first, then the guest forms' shared limit on the
 * sender's address (the same counter as the contact form, so neither form widens the other's
 * budget), then stored for the back office.
 */
export async function submitA11yReport(
  db: Db,
  captcha: CaptchaOptions,
  context: A11yReportContext,
  input: A11yReportInput,
  captchaPayload: unknown,
): Promise<number> {
  await checkCaptcha(db, captcha, captchaPayload);
  await checkSenderLimit(db, rateLimits.LIMITS.guestFormAddress, context.ip);
  return insertA11yReport(db, {
    site_id: context.siteId,
    language_code: context.languageCode,
    description: input.description,
    email: input.email,
    page_url: input.page_url,
    screen_width: input.screen_width,
    screen_height: input.screen_height,
    user_agent: context.userAgent,
  });
}

/**
 * The back office's list: newest first (the only order), one page of it, between the days
 * `filters.date_from` and `filters.date_to` when given (checked YYYY-MM-DD, read as UTC days).
 */
export function listAccessibilityReports(db: Db, query: Pick<ListQuery, 'filters' | 'limit' | 'offset'>) {
  const { date_from: from, date_to: to } = query.filters;
  return listA11yReports(db, { from: from || undefined, to: to || undefined }, query);
}
