/**
 * What a form page's template receives in `page.extra.form`: the values to show, the errors
 * (the first of each field and the non-field group, spec section 5), the CSRF token, and the
 * captcha's addresses. Built by the server on every GET and failed POST; the browser hydrates
 * from the same data.
 */
export type FormErrorsView = { fieldErrors: Partial<Record<string, string>>; nonFieldErrors: string[] };

export type CaptchaView = {
  /** GET: a new signed challenge (JSON). */
  challengeUrl: string;
  /** The widget's module script and style sheet (self-hosted by default, origin configurable). */
  scriptUrl: string;
  styleUrl: string;
  /** The widget's language ('en' or 'fr-ca'). */
  language: string;
};

export type LocationChoice = { rlid: number; address: string };

export type ContactFormState = {
  kind: 'contact';
  csrfToken: string;
  sent: boolean;
  values: Record<string, string>;
  errors: FormErrorsView;
  captcha: CaptchaView;
  /** The form location chooser: the chosen restaurant, and the results of the last search. */
  location: { selected: LocationChoice | null; query: string; results: LocationChoice[] | null };
};

export type OccasionsFormset = {
  prefix: string;
  initialFormCount: number;
  totalFormCount: number;
  /** The server-supplied maximum (Django's max_num): 'Add' shows while the count is below it. */
  maxNum: number;
  rows: Array<Record<string, string>>;
  rowErrors: Array<Record<string, string>>;
};

export type SignupFormState = {
  kind: 'signup';
  csrfToken: string;
  sent: boolean;
  values: Record<string, string>;
  errors: FormErrorsView;
  captcha: CaptchaView;
  occasions: OccasionsFormset;
  country: 'US' | 'CA';
};

export type FormState = ContactFormState | SignupFormState;

/** The submit buttons' names and values (several buttons share one form, as Django formsets do). */
export const FORM_ACTION = 'form_action';
export const ACTIONS = {
  send: 'send',
  addOccasion: 'add_occasion',
  removeOccasion: 'remove_occasion',
  findLocation: 'find_location',
  changeLocation: 'change_location',
} as const;
