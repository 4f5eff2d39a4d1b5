import { HttpError } from '../errors';

/**
 * Text no route can use: NUL (PostgreSQL cannot store it in text or jsonb, so it would fail deep
 * inside a query) and UTF-16 halves without their pair (not Unicode at all). Other control
 * characters stay allowed in form fields and JSON: pasted text carries tabs and vertical tabs.
 */
// eslint-disable-next-line no-control-regex
const UNUSABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Nested arrays and objects deeper than this are refused: no form or API of the site needs more. */
export const MAX_INPUT_DEPTH = 64;

export function isUnusableText(text: string): boolean {
  return UNUSABLE_TEXT.test(text);
}

export function invalidCharacters(where: string): HttpError {
  return new HttpError(
    400,
    'invalid_characters',
    `The ${where} contains a character that is not allowed (a NUL byte or text that is not valid Unicode).`,
  );
}

/**
 * A deep copy of parsed input in which every object has a null prototype, so any key name
 * ('__proto__', 'constructor', 'toString') is an ordinary key; refuses unusable text in keys and
 * strings and nesting past MAX_INPUT_DEPTH with a 400 naming `where`.
 */
export function cleanInput(value: unknown, where: string, depth = 0): unknown {
  if (typeof value === 'string') {
    if (isUnusableText(value)) throw invalidCharacters(where);
    return value;
  }
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_INPUT_DEPTH)
    throw new HttpError(400, 'too_deep', `The ${where} is nested too deeply. Nothing was saved.`);
  if (Array.isArray(value)) return value.map((item) => cleanInput(item, where, depth + 1));
  const copy: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [key, item] of Object.entries(value)) {
    if (isUnusableText(key)) throw invalidCharacters(where);
    copy[key] = cleanInput(item, where, depth + 1);
  }
  return copy;
}

/** JSON.parse for text posted inside a form field, with the same guarantees as a JSON body. */
export function parseInputJson(text: string, where: string): unknown {
  return cleanInput(JSON.parse(text), where);
}
