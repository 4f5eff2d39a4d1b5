import type { Db } from '../../db';
import { inTransaction } from '../../db';
import { badRequest } from '../../errors';
import { enqueueJob } from '../jobs/repo';
import type { JobHandler } from '../jobs/runner';
import { OfflineGazetteerGeocoder } from '../locations/geocoder';
import { locationByRlid, locationsForPlace } from '../locations/service';
import { FORM_LOCATION_SEARCH_LIMIT, SEARCH_RADIUS_MILES } from '../../../shared/locations/search-limits';
import type { Location } from '../../../shared/schemas/locations';
import type { LocationChoice } from '../../../shared/forms/form-state';
import type { Mailer } from '../mail/mailer';
import * as rateLimits from '../rate-limits/service';
import type { ListQuery } from '../../listing/list-query';
import { CONSENT_WORDING_VERSION, findContactTopic } from '../../../shared/forms/contact-topics';
import type { ContactInput, UnsubscribeInput } from '../../../shared/schemas/forms';
import type { CaptchaOptions } from './captcha';
import { checkCaptcha, checkSenderLimit } from './guards';
import { formatPhone } from '../../../shared/phone/phone-number';
import * as repo from './repo';
import type { FormName } from './table';
import { signUnsubscribeToken } from './unsubscribe-token';

export const NOTIFY_JOB = 'forms.notify';
export const WELCOME_JOB = 'forms.welcome';

/** Where a form was sent from: the page, its site and language, the guest's address. */
export type FormContext = {
  pageId: number;
  pageTitle: string;
  siteId: number;
  siteOrigin: string;
  languageCode: string;
  sourceUrl: string;
  ip: string;
  userAgent: string;
};

/** Stores a submission and, in the same transaction, its staff notification (the outbox). */
export async function storeAndNotify(
  trx: Db,
  context: Pick<FormContext, 'pageId' | 'pageTitle' | 'siteId' | 'languageCode'>,
  form: FormName,
  data: Record<string, unknown>,
): Promise<number> {
  const id = await repo.insertSubmission(trx, {
    page_id: context.pageId,
    form,
    site_id: context.siteId,
    language_code: context.languageCode,
    data,
  });
  // The page's private `notify_emails` field (never sent to the browser) names the staff to tell.
  const page = await repo.findPage(trx, context.pageId);
  const raw = page?.content.notify_emails;
  const notify = Array.isArray(raw)
    ? raw.filter((value): value is string => typeof value === 'string' && !/[\r\n]/.test(value))
    : [];
  // The outbox: the notification job commits with the submission or not at all.
  if (notify.length > 0)
    await enqueueJob(trx, {
      kind: NOTIFY_JOB,
      payload: { submissionId: id, to: notify, pageTitle: context.pageTitle },
      runAt: new Date(),
    });
  return id;
}

/** A contact message: rate limits, captcha, the restaurant named, then stored with its notification. */
export async function submitContact(
  db: Db,
  captcha: CaptchaOptions,
  context: FormContext,
  input: ContactInput,
  captchaPayload: unknown,
): Promise<number> {
  await checkCaptcha(db, captcha, captchaPayload);
  await checkSenderLimit(db, rateLimits.LIMITS.guestFormAddress, context.ip);
  let location: string | null = null;
  if (input.location_rlid !== null) {
    try {
      const found = await locationByRlid(db, input.location_rlid);
      location = `${found.address1}, ${found.city}, ${found.state} (#${found.restaurantNumber})`;
    } catch {
      throw badRequest('Choose the restaurant.', { location_rlid: ['Choose the restaurant.'] });
    }
  }
  const pair = findContactTopic(input.question_category, input.topic);
  const data = {
    ...input,
    question_category_label: pair?.category.label ?? '',
    topic_label: pair?.topic.label ?? '',
    location,
  };
  return inTransaction(db, (trx) => storeAndNotify(trx, context, 'contact', data));
}

export type UnsubscribeContext = {
  siteId: number | null;
  languageCode: string;
  sourceUrl: string;
  ip: string;
  channel: 'unsubscribe_form' | 'one_click';
};

/**
 * Unsubscribes an address. The answer is the same whether or not the address was on the list
 * (nobody learns who is); a consent record of the withdrawal is kept beside the original consent.
 */
export async function unsubscribe(
  db: Db,
  context: UnsubscribeContext,
  input: Pick<UnsubscribeInput, 'Email' | 'BroadLogId'>,
  options: { rateLimit: boolean },
): Promise<void> {
  if (options.rateLimit) await checkSenderLimit(db, rateLimits.LIMITS.unsubscribeAddress, context.ip);
  await inTransaction(db, async (trx) => {
    const subscriber = await repo.findSubscriberByEmail(trx, input.Email);
    if (!subscriber || !subscriber.subscribed) return;
    await repo.markUnsubscribed(trx, subscriber.id);
    await repo.insertConsentRecord(trx, {
      subscriber_id: subscriber.id,
      action: 'unsubscribe',
      channel: context.channel,
      wording: input.BroadLogId ? `BroadLogId ${input.BroadLogId}` : '',
      wording_version: CONSENT_WORDING_VERSION,
      site_id: context.siteId,
      language_code: context.languageCode,
      source_url: context.sourceUrl,
      ip_address: context.ip,
    });
  });
}

/** RFC 8058 headers for a marketing mail to `email`. */
export function listUnsubscribeHeaders(secret: string, siteOrigin: string, email: string): Record<string, string> {
  const url = `${siteOrigin}/api/fcc/unsubscribe/one-click/${signUnsubscribeToken(secret, email)}/`;
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** A submission as the notification mail's plain text: one "label: value" line per field. */
export function submissionText(data: Record<string, unknown>): string {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (value === null || value === '' || key === 'subscriber_id') continue;
    const shown = typeof value !== 'string' ? JSON.stringify(value) : key === 'phone' ? formatPhone(value) : value;
    lines.push(`${key}: ${shown.includes('\n') ? `\n  ${shown.split('\n').join('\n  ')}` : shown}`);
  }
  return lines.join('\n');
}

/** One line, safe for a subject: control characters become spaces. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const singleLine = (value: string) => value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').slice(0, 200);

/** The jobs of this module; the mailer sends (file transport in development, SMTP in production). */
export function formJobHandlers(mailer: Mailer, secret: string): Map<string, JobHandler> {
  const notify: JobHandler = async (db, payload) => {
    const submission = await repo.findSubmission(db, Number(payload.submissionId));
    if (!submission) return; // deleted by staff before the mail went: nothing to send
    const to = Array.isArray(payload.to)
      ? payload.to.filter((value): value is string => typeof value === 'string')
      : [];
    const email = typeof submission.data.email === 'string' ? submission.data.email : undefined;
    const subject = singleLine(
      `New ${submission.form === 'contact' ? 'message' : 'signup'}: ${String(payload.pageTitle ?? '')}`,
    );
    const text = `Submitted ${new Date(submission.submitted_at).toISOString()} (submission ${submission.id})\n\n${submissionText(submission.data)}\n`;
    for (const recipient of to)
      await mailer.send({
        to: recipient,
        subject,
        text,
        ...(email && !/[\r\n]/.test(email) ? { replyTo: email } : {}),
      });
  };
  const welcome: JobHandler = async (db, payload) => {
    const subscriber = await repo.findSubscriber(db, Number(payload.subscriberId));
    if (!subscriber || !subscriber.subscribed) return;
    const origin = String(payload.siteOrigin ?? '');
    const headers = listUnsubscribeHeaders(secret, origin, subscriber.email);
    await mailer.send({
      to: subscriber.email,
      subject: 'Welcome to Fresh Catch News',
      text: `Hello ${singleLine(subscriber.first_name)},\n\nThank you for joining Fresh Catch News. Your welcome offer is on its way.\n\nTo stop these e-mails, use your mail program's unsubscribe button or visit ${headers['List-Unsubscribe']!.slice(1, -1)}\n`,
      headers,
    });
  };
  return new Map([
    [NOTIFY_JOB, notify],
    [WELCOME_JOB, welcome],
  ]);
}

/**
 * The models' permission keys (Wagtail's): form submissions are read with 'change' and removed
 * with 'delete' (the guests' accessibility reports are read with the same 'change'); subscribers
 * are read with 'change'.
 */
export const FORM_SUBMISSION_MODEL = 'wagtailforms.formsubmission';
export const SUBSCRIBER_MODEL = 'forms.subscriber';

// The back office's reads and deletes (screens call services, never repos).
export const listSubmissions = (db: Db, query: ListQuery, filters: repo.SubmissionFilters) =>
  repo.listSubmissions(db, query, filters);
export const findSubmission = (db: Db, id: number, options: { lock?: boolean } = {}) =>
  repo.findSubmission(db, id, options);
export const deleteSubmissions = (db: Db, ids: number[]) => repo.deleteSubmissions(db, ids);
export const listFormPages = (db: Db, pageTypes: readonly string[]) => repo.listFormPages(db, pageTypes);
export const findFormPage = (db: Db, id: number) => repo.findPage(db, id);
export const listSubscribers = (db: Db, query: ListQuery) => repo.listSubscribers(db, query);
export const findSubscriber = (db: Db, id: number) => repo.findSubscriber(db, id);
export const listConsentRecords = (db: Db, subscriberId: number) => repo.listConsentRecords(db, subscriberId);

const gazetteer = new OfflineGazetteerGeocoder();

const choiceOf = (location: Location): LocationChoice => ({
  rlid: location.rlid,
  address: `${location.address1}, ${location.city}, ${location.state} ${location.zip}`,
});

/** The form location chooser's search: the 6 restaurants nearest the place typed, within 200 miles (spec section 9). */
export async function searchFormLocations(db: Db, query: string): Promise<LocationChoice[]> {
  const q = query.trim().slice(0, 100);
  if (!q) return [];
  const [first] = await gazetteer.geocode(q);
  if (!first) return [];
  const list = await locationsForPlace(db, first, { radius: SEARCH_RADIUS_MILES, limit: FORM_LOCATION_SEARCH_LIMIT });
  return list.locations.map(({ location }) => choiceOf(location));
}

/** A preselected restaurant (from ?rlid= or the saved preferred location), or null when there is none by that id. */
export async function formLocation(db: Db, rlid: number | null): Promise<LocationChoice | null> {
  if (rlid === null || !Number.isSafeInteger(rlid) || rlid <= 0 || rlid > 2_147_483_647) return null;
  try {
    return choiceOf(await locationByRlid(db, rlid));
  } catch {
    return null;
  }
}
