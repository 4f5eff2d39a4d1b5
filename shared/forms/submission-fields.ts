import { OCCASION_CHOICES, RELATIONSHIP_CHOICES } from './contact-topics';

/**
 * A stored form submission as staff read it, on screen and in exports: each field under the
 * label the guest saw (not its key), codes left out where their words are stored beside them
 * (the category's label, not 'question_category'), and values in words (Yes, a list of occasions).
 */
const LABELS: Readonly<Record<string, string>> = {
  question_category_label: 'Category',
  question_category: 'Category',
  topic_label: 'Topic',
  topic: 'Topic',
  location: 'Restaurant',
  location_rlid: 'Restaurant',
  visit_date: 'Date of visit',
  visit_time: 'Time of visit',
  order_number: 'Order number',
  first_name: 'First name',
  last_name: 'Last name',
  email: 'E-mail address',
  phone: 'Phone number',
  address_line1: 'Street address',
  address_city: 'City',
  address_state: 'State or province',
  address_zip: 'ZIP or postal code',
  message: 'Message',
  postcode: 'Postcode',
  birthday_month: 'Birthday month',
  birthday_day: 'Birthday day',
  terms: 'Accepted the terms',
  consent: 'Agreed to receive e-mails',
  occasions: 'Occasions',
  subscriber_id: 'Subscriber number',
};

/** A code is left out when the words it stands for are stored too. */
const WORDS_OF: Readonly<Record<string, string>> = {
  question_category: 'question_category_label',
  topic: 'topic_label',
  location_rlid: 'location',
};

/** Never shown: what only the form machinery needed. */
const HIDDEN = new Set(['captcha', 'csrfmiddlewaretoken']);

const humanize = (key: string) => {
  const words = key.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function submissionFieldLabel(key: string): string {
  return LABELS[key] ?? humanize(key);
}

const labelOf = (choices: ReadonlyArray<{ value: string; label: string }>, value: unknown) =>
  choices.find((choice) => choice.value === value)?.label ?? String(value ?? '');

function occasionsText(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return value
    .map((item: unknown) => {
      const o = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
      return `${labelOf(OCCASION_CHOICES, o.occasion)} (${labelOf(RELATIONSHIP_CHOICES, o.relationship)}), ${String(o.month ?? '')}/${String(o.day ?? '')}`;
    })
    .join('; ');
}

/** A value as words: text as it is, Yes/No, occasions listed, anything else as compact text. */
export function submissionValueText(key: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (key === 'occasions') return occasionsText(value);
  return JSON.stringify(value);
}

/** The keys to show of a submission's data, in the order stored, codes with stored words left out. */
export function shownSubmissionKeys(data: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(data).filter(
    (key) => !HIDDEN.has(key) && !(WORDS_OF[key] !== undefined && WORDS_OF[key]! in data),
  );
}
