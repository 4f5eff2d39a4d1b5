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

/**
 * A confirmation link's page (double opt-in): 'ready' shows what would be saved and a button that
 * confirms (a POST: a GET never changes anything); the others say why the link cannot be used.
 */
export type ConfirmationView = {
  status: 'ready' | 'used' | 'expired' | 'invalid';
  /** The link's token, posted back by the button (empty unless ready). */
  token: string;
  summary: {
    first_name: string;
    last_name: string;
    postcode: string;
    birthday_month: number | null;
    birthday_day: number | null;
    occasions: number;
  } | null;
};

export type SignupFormState = {
  kind: 'signup';
  csrfToken: string;
  /** Just sent: "check your inbox" (the same answer whatever the address). */
  sent: boolean;
  /** Just confirmed from the link: "you are on the list". */
  confirmed: boolean;
  /** Opened from a confirmation link. */
  confirmation: ConfirmationView | null;
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
  confirmSignup: 'confirm_signup',
} as const;

/** The confirmation link's query parameter and the confirm button's token field. */
export const CONFIRM_PARAM = 'confirm';
