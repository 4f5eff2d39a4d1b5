/**
 * The contact form's categories and topics (spec section 9), in the spec's order and words, and
 * which extra fields each pair asks for. Shared by the server's validation and the template (no
 * zod here: the template's bundle stays small).
 */
export type ContactExtras = 'visit' | 'location' | 'none';

export type ContactTopic = { value: string; label: string; extras: ContactExtras };
export type ContactCategory = { value: string; label: string; topics: ContactTopic[] };

const other: ContactTopic = { value: 'other', label: 'Other', extras: 'none' };

export const CONTACT_CATEGORIES: readonly ContactCategory[] = [
  {
    value: 'my-rewards',
    label: 'My Rewards',
    topics: [
      { value: 'adding-points', label: 'Help With Adding Points', extras: 'none' },
      { value: 'using-rewards', label: 'Help With Using Rewards', extras: 'none' },
      { value: 'points-question', label: 'Question About My Points/rewards', extras: 'none' },
      { value: 'profile', label: 'Help With My Profile/sign In', extras: 'none' },
      other,
    ],
  },
  {
    value: 'praise',
    label: 'Praise',
    topics: [{ value: 'dining', label: 'About Dining, To Go, Or Delivery', extras: 'visit' }, other],
  },
  {
    value: 'suggestion',
    label: 'Suggestion',
    topics: [
      { value: 'new-location', label: 'New Location', extras: 'none' },
      { value: 'menu-idea', label: 'Menu Idea', extras: 'none' },
      other,
    ],
  },
  {
    value: 'question',
    label: 'Question',
    topics: [
      { value: 'location-information', label: 'Location Information', extras: 'none' },
      { value: 'menu-items-events', label: 'Menu Items/Events', extras: 'location' },
      { value: 'allergen-nutrition', label: 'Allergen And Nutrition', extras: 'location' },
      { value: 'donations', label: 'Donations', extras: 'none' },
      { value: 'gift-cards', label: 'Gift Cards', extras: 'none' },
      { value: 'employment', label: 'Employment/Human Resources', extras: 'none' },
      { value: 'fresh-catch-news', label: 'Fresh Catch News', extras: 'none' },
      other,
    ],
  },
  {
    value: 'issue',
    label: 'Issue or Concern?',
    topics: [{ value: 'dining', label: 'About Dining In, To Go, Or Delivery', extras: 'visit' }, other],
  },
];

/** A topic's value as the form posts it: the category and the topic, so one select covers every pair. */
export const topicKey = (category: string, topic: string) => `${category}/${topic}`;

export function findContactTopic(
  category: string,
  topic: string,
): { category: ContactCategory; topic: ContactTopic } | undefined {
  const found = CONTACT_CATEGORIES.find((candidate) => candidate.value === category);
  const match = found?.topics.find((candidate) => topicKey(found.value, candidate.value) === topic);
  return found && match ? { category: found, topic: match } : undefined;
}

/** The extra fields a pair asks for: visit = location, date, time and order number; location = the restaurant only. */
export function extrasFor(category: string, topic: string): ContactExtras {
  return findContactTopic(category, topic)?.topic.extras ?? 'none';
}

export const CONTACT_FIELDS = [
  'question_category',
  'topic',
  'location_rlid',
  'visit_date',
  'visit_time',
  'order_number',
  'first_name',
  'last_name',
  'email',
  'phone',
  'address_line1',
  'address_city',
  'address_state',
  'address_zip',
  'message',
  'captcha',
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export const SIGNUP_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'postcode',
  'birthday_month',
  'birthday_day',
  'terms',
  'consent',
  'captcha',
] as const;
export type SignupField = (typeof SIGNUP_FIELDS)[number];

/** The occasions formset (Django's management form names). */
export const OCCASION_PREFIX = 'occasions';
export const OCCASION_FIELDS = ['occasion', 'relationship', 'month', 'day'] as const;
export type OccasionField = (typeof OCCASION_FIELDS)[number];
export const MAX_OCCASIONS = 5;

export const OCCASION_CHOICES = [
  { value: 'birthday', label: 'Birthday' },
  { value: 'anniversary', label: 'Anniversary' },
  { value: 'graduation', label: 'Graduation' },
  { value: 'other', label: 'Other celebration' },
] as const;
export const RELATIONSHIP_CHOICES = [
  { value: 'partner', label: 'Spouse or partner' },
  { value: 'child', label: 'Child' },
  { value: 'parent', label: 'Parent' },
  { value: 'friend', label: 'Friend' },
  { value: 'self', label: 'Myself' },
  { value: 'other', label: 'Other' },
] as const;

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Days in a month, Feb 29 allowed (a birthday, not a date in one year). */
export const daysInMonth = (month: number) => [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;

/**
 * The consent wording shown next to the signup checkbox, versioned: a consent record keeps the
 * version and the words, so a later change of wording never rewrites what someone agreed to.
 */
export const CONSENT_WORDING_VERSION = '2026-11-24';
export const CONSENT_WORDING =
  'Yes, I would like to receive e-mails from Harborline Seafood with offers, news and events. I can unsubscribe at any time.';
export const TERMS_WORDING = 'I have read and agree to the Terms of Use and the Privacy Policy.';

/** Spec section 9: the unsubscribe confirmation says changes take up to 5 days. */
export const UNSUBSCRIBE_CONFIRMATION =
  'You have been unsubscribed. It may take up to 5 days for the change to take effect.';
