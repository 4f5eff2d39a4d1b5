import type { Db } from '../../db';
import { inTransaction } from '../../db';
import { enqueueJob } from '../jobs/repo';
import type { JobHandler } from '../jobs/runner';
import type { Mailer } from '../mail/mailer';
import * as rateLimits from '../rate-limits/service';
import { CONSENT_WORDING, CONSENT_WORDING_VERSION, TERMS_WORDING } from '../../../shared/forms/contact-topics';
import type { ConfirmationView } from '../../../shared/forms/form-state';
import {
  CONFIRMATION_HOURS,
  CONFIRMATION_SUBJECT,
  CONFIRMATION_TEXT,
} from '../../../shared/forms/signup-confirmation-mail';
import { catalogFor } from '../../../shared/i18n/catalogs';
import { createTranslator } from '../../../shared/i18n/translator';
import type { SignupInput } from '../../../shared/schemas/forms';
import type { CaptchaOptions } from './captcha';
import { checkCaptcha, checkSenderLimit } from './guards';
import * as repo from './repo';
import { storeAndNotify, WELCOME_JOB, type FormContext } from './service';
import * as signupRepo from './signup-repo';
import { hashClientAddress, signSignupToken, signupTokenId, signupTokenMatches } from './signup-token';
import type { Occasion, SignupRequest } from './table';

/**
 * The e-mail signup as a double opt-in (issue 27). A signup only stores a pending request and
 * mails its address a signed link; the subscriber, its consent and its occasions are written when
 * that link is followed, by whoever reads that mailbox. Whatever the address (new, subscribed,
 * unsubscribed, mailed too often), the visitor sees the same answer.
 */
export const CONFIRM_JOB = 'forms.confirm_signup';
/** How long an expired request is kept, so its link says "expired" rather than "not valid". */
const KEEP_EXPIRED_SECONDS = 7 * 24 * 60 * 60;
const WORDING = `${CONSENT_WORDING}\n${TERMS_WORDING}`;

export type ConfirmationStatus = ConfirmationView['status'];
export type EvidenceSource = { ip: string; userAgent: string };

const evidenceOf = (secret: string, source: EvidenceSource) => ({
  ip_hash: hashClientAddress(secret, source.ip),
  user_agent: source.userAgent.slice(0, 500),
  wording: WORDING,
  wording_version: CONSENT_WORDING_VERSION,
});

/**
 * A signup from the form: the captcha, then the sender's limit (so only verified sends count),
 * then the request, its evidence and its confirmation mail in one transaction.
 */
export async function requestSignup(
  db: Db,
  options: { captcha: CaptchaOptions; secret: string },
  context: FormContext,
  input: SignupInput,
  occasions: Occasion[],
  captchaPayload: unknown,
): Promise<void> {
  await checkCaptcha(db, options.captcha, captchaPayload);
  await checkSenderLimit(db, rateLimits.LIMITS.guestFormAddress, context.ip);
  // An address mailed often lately gets no further mail, silently: the links it has still work.
  const mail = await rateLimits.reserve(db, rateLimits.LIMITS.signupMailEmail, input.email);
  if (!mail.counted) return;
  const { email, first_name, last_name, postcode, birthday_month, birthday_day } = input;
  await inTransaction(db, async (trx) => {
    await signupRepo.deleteOldSignupRequests(trx, KEEP_EXPIRED_SECONDS);
    const request = await signupRepo.insertSignupRequest(trx, {
      email,
      data: {
        first_name,
        last_name,
        postcode: postcode.toUpperCase(),
        birthday_month,
        birthday_day,
        occasions,
        submission: { ...input },
      },
      page_id: context.pageId,
      site_id: context.siteId,
      language_code: context.languageCode,
      source_url: context.sourceUrl,
      expiresInSeconds: CONFIRMATION_HOURS * 60 * 60,
    });
    await signupRepo.insertConsentEvidence(trx, {
      request_id: request.id,
      email,
      event: 'requested',
      site_id: context.siteId,
      language_code: context.languageCode,
      source_url: context.sourceUrl,
      ...evidenceOf(options.secret, context),
    });
    // The link is signed when the mail goes (nothing secret is stored); the page URL is ours.
    await enqueueJob(trx, {
      kind: CONFIRM_JOB,
      payload: { requestId: request.id, pageUrl: context.sourceUrl },
      runAt: new Date(),
    });
  });
}

type Found = { status: ConfirmationStatus; request: (SignupRequest & { expired: boolean }) | null };

async function findByToken(db: Db, secret: string, token: string, lock: boolean): Promise<Found> {
  const id = signupTokenId(token);
  const request = id === null ? undefined : await signupRepo.findSignupRequest(db, id, { lock });
  if (!request || !signupTokenMatches(secret, token, request)) return { status: 'invalid', request: null };
  if (request.confirmed_at) return { status: 'used', request };
  if (request.expired) return { status: 'expired', request };
  return { status: 'ready', request };
}

/** What a confirmation link's page shows: its state, and for a good link what would be saved. */
export async function inspectConfirmation(db: Db, secret: string, token: string): Promise<ConfirmationView> {
  const { status, request } = await findByToken(db, secret, token, false);
  if (status !== 'ready' || !request) return { status, token: '', summary: null };
  const { first_name, last_name, postcode, birthday_month, birthday_day, occasions } = request.data;
  return {
    status,
    token,
    summary: { first_name, last_name, postcode, birthday_month, birthday_day, occasions: occasions.length },
  };
}

/**
 * Follows a confirmation link (a POST from its page, so link checkers that GET it change
 * nothing): the subscriber is written from the request, the consent and its evidence recorded,
 * the submission stored with its staff notification, and the welcome mail queued. Works once.
 */
export async function confirmSignup(
  db: Db,
  secret: string,
  token: string,
  source: EvidenceSource,
): Promise<ConfirmationStatus | 'confirmed'> {
  return inTransaction(db, async (trx) => {
    const { status, request } = await findByToken(trx, secret, token, true);
    if (status !== 'ready' || !request) return status;
    const { data } = request;
    const subscriber = await repo.upsertSubscriber(trx, {
      email: request.email,
      first_name: data.first_name,
      last_name: data.last_name,
      postcode: data.postcode,
      birthday_month: data.birthday_month,
      birthday_day: data.birthday_day,
      occasions: data.occasions,
      site_id: request.site_id,
      language_code: request.language_code,
    });
    await repo.insertConsentRecord(trx, {
      subscriber_id: subscriber.id,
      action: 'subscribe',
      channel: 'signup_form',
      wording: WORDING,
      wording_version: CONSENT_WORDING_VERSION,
      site_id: request.site_id,
      language_code: request.language_code,
      source_url: request.source_url,
      ip_address: source.ip,
    });
    await signupRepo.markSignupConfirmed(trx, request.id);
    await signupRepo.insertConsentEvidence(trx, {
      request_id: request.id,
      email: request.email,
      event: 'confirmed',
      site_id: request.site_id,
      language_code: request.language_code,
      source_url: request.source_url,
      ...evidenceOf(secret, source),
    });
    await enqueueJob(trx, {
      kind: WELCOME_JOB,
      payload: { subscriberId: subscriber.id, siteOrigin: new URL(request.source_url).origin },
      runAt: new Date(),
    });
    const page = await repo.findPage(trx, request.page_id);
    await storeAndNotify(
      trx,
      {
        pageId: request.page_id,
        pageTitle: page?.title ?? '',
        siteId: request.site_id,
        languageCode: request.language_code,
      },
      'signup',
      { ...data.submission, occasions: data.occasions, subscriber_id: subscriber.id },
    );
    return 'confirmed';
  });
}

/**
 * The confirmation mail, in the language of the page the signup came from. Only our words and
 * our link: nothing the person who filled in the form typed (no name), so the form cannot be used
 * to send someone a message.
 */
export function signupJobHandlers(mailer: Mailer, secret: string): Map<string, JobHandler> {
  const confirm: JobHandler = async (db, payload) => {
    const request = await signupRepo.findSignupRequest(db, Number(payload.requestId));
    if (!request || request.confirmed_at || request.expired) return;
    const link = `${String(payload.pageUrl)}?confirm=${signSignupToken(secret, request)}`;
    const t = createTranslator(catalogFor(request.language_code));
    await mailer.send({
      to: request.email,
      subject: t(CONFIRMATION_SUBJECT),
      text: t(CONFIRMATION_TEXT, { values: { hours: CONFIRMATION_HOURS, link } }),
    });
  };
  return new Map([[CONFIRM_JOB, confirm]]);
}
