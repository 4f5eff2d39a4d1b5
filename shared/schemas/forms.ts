import * as z from 'zod';
import {
  daysInMonth,
  extrasFor,
  findContactTopic,
  MAX_OCCASIONS,
  OCCASION_CHOICES,
  RELATIONSHIP_CHOICES,
} from '../forms/contact-topics';
import { parsePhone, PHONE_MAX_LENGTH } from '../phone/phone-number';

/*
 * The guest forms as posted (every field a string). Messages are English source strings: the
 * template shows them through the translation catalog, so every one is in fr-CA's forms catalog.
 */

export const REQUIRED = 'This field is required.';
export const TOO_LONG = 'Ensure this value has at most {max} characters.';
const NO_LINE_BREAKS = 'This field cannot contain line breaks.';
const INVALID_EMAIL = 'Enter a valid email address.';
export const INVALID_PHONE = 'Enter a phone number with its area code, for example (407) 555-0123 or +1 407 555 0123.';

/** A posted value as a string: an array (a repeated field) or anything else is not a string. */
export const text = z.preprocess(
  (value) => (value === undefined || value === null ? '' : value),
  z.string({ error: 'Enter a valid value.' }),
);

/** One line of text: required, trimmed, bounded, and never a CR or LF (mail header injection). */
export function line(max: number, options: { required?: boolean } = {}) {
  return text
    .pipe(z.string().max(max * 4, TOO_LONG.replace('{max}', String(max))))
    .refine((value) => !/[\r\n\u2028\u2029]/.test(value), NO_LINE_BREAKS)
    .transform((value) => value.trim())
    .refine((value) => value.length <= max, TOO_LONG.replace('{max}', String(max)))
    .refine((value) => !options.required || value.length > 0, REQUIRED);
}

const email = line(254, { required: true })
  .refine((value) => value === '' || z.email().safeParse(value).success, INVALID_EMAIL)
  .transform((value) => value.toLowerCase());

const US_ZIP = /^\d{5}(-\d{4})?$/;
const CA_POSTAL = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i;
export type PostcodeCountry = 'US' | 'CA';

function postcode(country: PostcodeCountry) {
  return line(10, { required: true }).refine(
    (value) => value === '' || (country === 'CA' ? CA_POSTAL.test(value) : US_ZIP.test(value)),
    country === 'CA'
      ? 'Enter a valid postal code (for example A1A 1A1).'
      : 'Enter a valid ZIP code (for example 12345).',
  );
}

/** Today in the site's zone is close enough to UTC for "not in the future": allow a day of slack. */
const isoDate = /^\d{4}-\d{2}-\d{2}$/;
function validDate(value: string): boolean {
  if (!isoDate.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const VISIT_IN_FUTURE = 'The visit date cannot be in the future.';
export const VISIT_TOO_OLD = 'The visit date must be within the last year.';
export const UNKNOWN_TOPIC = 'Select a topic of the chosen category.';

export function contactFormSchema(country: PostcodeCountry, now: Date = new Date()) {
  return z
    .object({
      question_category: line(40, { required: true }),
      topic: line(80, { required: true }),
      location_rlid: line(12),
      visit_date: line(10),
      visit_time: line(5),
      order_number: line(40).refine(
        (value) => value === '' || /^[A-Za-z0-9-]+$/.test(value),
        'Enter only letters, digits and dashes.',
      ),
      first_name: line(50, { required: true }),
      last_name: line(50, { required: true }),
      email,
      // Any common North American way of writing it; stored as E.164 (with ";ext=" when given).
      phone: line(PHONE_MAX_LENGTH, { required: true })
        .refine((value) => value === '' || parsePhone(value, country) !== null, INVALID_PHONE)
        .transform((value) => (value === '' ? value : (parsePhone(value, country)?.stored ?? value))),
      address_line1: line(100, { required: true }),
      address_city: line(60, { required: true }),
      address_state: line(40, { required: true }),
      address_zip: postcode(country),
      message: text
        .pipe(z.string().max(8000, TOO_LONG.replace('{max}', '2000')))
        .transform((value) => value.replace(/\r\n?/g, '\n').trim())
        .refine((value) => value.length > 0, REQUIRED)
        .refine((value) => value.length <= 2000, TOO_LONG.replace('{max}', '2000')),
    })
    .superRefine((value, ctx) => {
      if (!value.question_category || !value.topic) return;
      if (!findContactTopic(value.question_category, value.topic)) {
        ctx.addIssue({ code: 'custom', path: ['topic'], message: UNKNOWN_TOPIC });
        return;
      }
      const extras = extrasFor(value.question_category, value.topic);
      if (extras === 'none') return;
      if (!value.location_rlid)
        ctx.addIssue({ code: 'custom', path: ['location_rlid'], message: 'Choose the restaurant.' });
      else if (!/^\d{1,9}$/.test(value.location_rlid))
        ctx.addIssue({ code: 'custom', path: ['location_rlid'], message: 'Choose the restaurant.' });
      if (extras !== 'visit') return;
      if (!value.visit_date) ctx.addIssue({ code: 'custom', path: ['visit_date'], message: REQUIRED });
      else if (!validDate(value.visit_date))
        ctx.addIssue({ code: 'custom', path: ['visit_date'], message: 'Enter a valid date.' });
      else {
        const visit = new Date(`${value.visit_date}T00:00:00Z`).getTime();
        if (visit > now.getTime() + 24 * 3600_000)
          ctx.addIssue({ code: 'custom', path: ['visit_date'], message: VISIT_IN_FUTURE });
        else if (visit < now.getTime() - 366 * 24 * 3600_000)
          ctx.addIssue({ code: 'custom', path: ['visit_date'], message: VISIT_TOO_OLD });
      }
      if (!value.visit_time) ctx.addIssue({ code: 'custom', path: ['visit_time'], message: REQUIRED });
      else if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(value.visit_time))
        ctx.addIssue({ code: 'custom', path: ['visit_time'], message: 'Enter a valid time.' });
    })
    .transform((value) => {
      const extras = extrasFor(value.question_category, value.topic);
      // Fields the chosen topic does not ask for are not kept (they may hold stale input).
      return {
        ...value,
        location_rlid: extras === 'none' ? null : Number(value.location_rlid),
        visit_date: extras === 'visit' ? value.visit_date : '',
        visit_time: extras === 'visit' ? value.visit_time : '',
        order_number: extras === 'visit' ? value.order_number : '',
      };
    });
}
export type ContactInput = z.output<ReturnType<typeof contactFormSchema>>;

const checkbox = text.transform((value) => value === 'on' || value === 'true' || value === '1');

function monthDay(monthField: string, dayField: string, required: boolean) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const month = String(value[monthField] ?? '');
    const day = String(value[dayField] ?? '');
    if (!month && !day && !required) return;
    if (!/^\d{1,2}$/.test(month) || Number(month) < 1 || Number(month) > 12)
      ctx.addIssue({ code: 'custom', path: [monthField], message: month ? 'Select a valid month.' : REQUIRED });
    else if (!/^\d{1,2}$/.test(day) || Number(day) < 1 || Number(day) > daysInMonth(Number(month)))
      ctx.addIssue({
        code: 'custom',
        path: [dayField],
        message: day ? 'Select a valid day for that month.' : REQUIRED,
      });
  };
}

export function signupFormSchema(country: PostcodeCountry) {
  return z
    .object({
      first_name: line(50, { required: true }),
      last_name: line(50, { required: true }),
      email,
      postcode: postcode(country),
      birthday_month: line(2),
      birthday_day: line(2),
      terms: checkbox.refine((value) => value, 'You must accept the terms to sign up.'),
      consent: checkbox.refine((value) => value, 'Your consent is needed to send you e-mails.'),
    })
    .superRefine(monthDay('birthday_month', 'birthday_day', false))
    .transform((value) => ({
      ...value,
      birthday_month: value.birthday_month ? Number(value.birthday_month) : null,
      birthday_day: value.birthday_day ? Number(value.birthday_day) : null,
    }));
}
export type SignupInput = z.output<ReturnType<typeof signupFormSchema>>;

const occasionValues = OCCASION_CHOICES.map((choice) => choice.value) as [string, ...string[]];
const relationshipValues = RELATIONSHIP_CHOICES.map((choice) => choice.value) as [string, ...string[]];

/** One occasion row; a row left wholly empty is skipped (Django's empty_permitted extra forms). */
export const occasionFormSchema = z
  .object({
    occasion: line(20).refine((value) => value === '' || occasionValues.includes(value), 'Select a valid choice.'),
    relationship: line(20).refine(
      (value) => value === '' || relationshipValues.includes(value),
      'Select a valid choice.',
    ),
    month: line(2),
    day: line(2),
  })
  .superRefine((value, ctx) => {
    const empty = !value.occasion && !value.relationship && !value.month && !value.day;
    if (empty) return;
    if (!value.occasion) ctx.addIssue({ code: 'custom', path: ['occasion'], message: REQUIRED });
    if (!value.relationship) ctx.addIssue({ code: 'custom', path: ['relationship'], message: REQUIRED });
    monthDay('month', 'day', true)(value, ctx);
  });

/** Django's management form: how many rows were sent, bounded by the server's maximum. */
export const managementFormSchema = z.object({
  TOTAL_FORMS: text
    .pipe(z.string().regex(/^\d{1,2}$/, 'ManagementForm data is missing or has been tampered with.'))
    .transform(Number),
  INITIAL_FORMS: text
    .pipe(z.string().regex(/^\d{1,2}$/, 'ManagementForm data is missing or has been tampered with.'))
    .transform(Number),
});
export const TOO_MANY_OCCASIONS = `Please submit at most ${MAX_OCCASIONS} occasions.`;

export const unsubscribeSchema = z.object({
  Email: email,
  BroadLogId: line(64).refine((value) => value === '' || /^[\w-]+$/.test(value), 'Enter a valid value.'),
});
export type UnsubscribeInput = z.output<typeof unsubscribeSchema>;
