import { parsePhoneNumberWithError, ParseError, type CountryCode, type PhoneNumber } from 'libphonenumber-js/max';

/*
 * Phone numbers as guests type them: "(407) 555-0123", "407.555.0123", "1-407-555-0123",
 * "+1 407 555 0123", with or without an extension ("ext. 45", "x45", "#45", French "poste 45").
 * Validation is libphonenumber's (the 'max' metadata: exact number ranges, not only lengths; it
 * runs only on the server, see docs/decisions/2026-11-29-phone-numbers.md). What is stored is
 * E.164, with the extension in RFC 3966's form after it ("+14075550123;ext=45").
 */

export type PhoneCountry = 'US' | 'CA';

export type ParsedPhone = {
  /** E.164, e.g. "+14075550123": what texts are sent to and what per-phone limits compare. */
  e164: string;
  /** The extension's digits, or null. */
  extension: string | null;
  /** E.164 and ";ext=" + the extension when there is one. */
  stored: string;
};

/** Longest input looked at: a number, spaces, punctuation and an extension fit easily. */
export const PHONE_MAX_LENGTH = 30;

// Digits and the punctuation people put between them, then an optional extension.
const TYPED_NUMBER = /^\+?[\d\s().\-/]+$/;
const EXTENSION = /^(.*?)\s*(?:,|;\s*ext=|ext\.?|extension|poste|x|#)\s*(\d{1,6})$/i;

function defaultCountryOf(country: string): CountryCode {
  return country === 'CA' ? 'CA' : 'US';
}

/**
 * The number typed, understood with the restaurant's or site's country as the default (a number
 * without +1 is North American), or null when it is not a valid number. Letters other than an
 * extension's word are refused rather than guessed at ("Call 407..." or vanity numbers).
 */
export function parsePhone(input: string, country: string = 'US'): ParsedPhone | null {
  const text = input.trim();
  if (!text || text.length > PHONE_MAX_LENGTH) return null;
  const match = EXTENSION.exec(text);
  const number = (match ? match[1]! : text).trim();
  const extension = match ? match[2]! : null;
  if (!TYPED_NUMBER.test(number) || number.replace(/\D/g, '').length < 10) return null;
  let parsed: PhoneNumber;
  try {
    parsed = parsePhoneNumberWithError(number, { defaultCountry: defaultCountryOf(country) });
  } catch (error) {
    if (error instanceof ParseError) return null;
    throw error;
  }
  if (!parsed.isValid()) return null;
  return { e164: parsed.number, extension, stored: extension ? `${parsed.number};ext=${extension}` : parsed.number };
}

/** Whether a parsed number can receive text messages (North American numbers do not say: they may). */
export function canReceiveTexts(phone: ParsedPhone): boolean {
  const type = parsePhoneNumberWithError(phone.e164).getType();
  return type === undefined || ['MOBILE', 'FIXED_LINE_OR_MOBILE', 'PERSONAL_NUMBER', 'VOIP'].includes(type);
}

/**
 * A stored number as people read it: "(407) 555-0123" (and " ext. 45") for North American
 * numbers, "+44 20 7946 0958" for others. Rows stored before numbers were normalised hold what
 * the guest typed: anything that does not parse is printed as it is rather than hidden.
 */
export function formatPhone(stored: string | null | undefined): string {
  if (!stored) return '';
  const parsed = stored.startsWith('+') ? null : parsePhone(stored);
  try {
    const phone = parsePhoneNumberWithError(parsed ? parsed.stored : stored, { defaultCountry: 'US' });
    if (!phone.isValid()) return stored;
    return phone.countryCallingCode === '1' ? phone.formatNational() : phone.formatInternational();
  } catch {
    return stored;
  }
}
