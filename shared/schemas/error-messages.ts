import * as z from 'zod';

/**
 * Messages written for editors and guests instead of zod's own ("Too small: expected string to
 * have >=1 characters" becomes "This field is required."). A schema's own message still wins;
 * this speaks for every check that has none. Installed once per process by the composition root
 * (server/composition.ts), before any request is parsed. The sentences follow Django's, which
 * the back office's users know from Wagtail.
 */
type Issue = z.core.$ZodRawIssue;

const plural = (n: number | bigint, one: string, many: string) => `${n} ${Number(n) === 1 ? one : many}`;

const FORMATS: Readonly<Record<string, string>> = {
  email: 'Enter a valid e-mail address.',
  url: 'Enter a valid web address, such as https://example.com/.',
  date: 'Enter a valid date.',
  datetime: 'Enter a valid date and time.',
  time: 'Enter a valid time.',
  uuid: 'Enter a valid identifier.',
  regex: 'Enter a valid value.',
};

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>): string {
  const n = issue.minimum;
  switch (issue.origin) {
    case 'string':
      return Number(n) <= 1 ? 'This field is required.' : `Enter at least ${plural(n, 'character', 'characters')}.`;
    case 'array':
    case 'set':
      return Number(n) <= 1 ? 'Add at least one.' : `Add at least ${n}.`;
    case 'number':
    case 'int':
    case 'bigint':
      return issue.inclusive === false ? `Enter a number greater than ${n}.` : `Enter a number of at least ${n}.`;
    case 'date':
      return 'Enter a later date.';
    default:
      return 'This value is too small.';
  }
}

function tooBig(issue: Extract<Issue, { code: 'too_big' }>): string {
  const n = issue.maximum;
  switch (issue.origin) {
    case 'string':
      return `Enter at most ${plural(n, 'character', 'characters')}.`;
    case 'array':
    case 'set':
      return `Add at most ${n}.`;
    case 'number':
    case 'int':
    case 'bigint':
      return issue.inclusive === false ? `Enter a number less than ${n}.` : `Enter a number no greater than ${n}.`;
    case 'date':
      return 'Enter an earlier date.';
    default:
      return 'This value is too large.';
  }
}

function invalidType(issue: Extract<Issue, { code: 'invalid_type' }>): string {
  if (issue.input === undefined || issue.input === null) return 'This field is required.';
  switch (issue.expected) {
    case 'number':
      return 'Enter a number.';
    case 'int':
    case 'bigint':
      return 'Enter a whole number.';
    case 'boolean':
      return 'Choose yes or no.';
    case 'date':
      return 'Enter a valid date.';
    case 'string':
      return 'Enter text.';
    default:
      return 'This value is not in the form expected.';
  }
}

/** The editor's sentence for an issue without a message of its own. */
export function humanMessage(issue: Issue): string {
  switch (issue.code) {
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_type':
      return invalidType(issue);
    case 'invalid_format':
      return FORMATS[issue.format] ?? 'Enter a valid value.';
    case 'invalid_value':
      return 'Select a valid choice.';
    case 'not_multiple_of':
      return `Enter a multiple of ${String(issue.divisor)}.`;
    case 'unrecognized_keys':
      // The names are the sender's own (an API client's typo): naming them helps them fix it.
      return `Unexpected ${issue.keys.length === 1 ? 'field' : 'fields'}: ${issue.keys.join(', ')}.`;
    case 'invalid_key':
    case 'invalid_element':
    case 'invalid_union':
    case 'custom':
    default:
      return 'Enter a valid value.';
  }
}

let installed = false;

/** Makes humanMessage zod's fallback for this process (idempotent). */
export function installHumanErrorMessages(): void {
  if (installed) return;
  installed = true;
  z.config({ customError: (issue) => humanMessage(issue) });
}
