import { canReceiveTexts, formatPhone, parsePhone } from '../../../shared/phone/phone-number';
import { badRequest } from '../../errors';

export const INVALID_MOBILE = 'Please enter a valid mobile phone number, e.g. (407) 555-0123';

/**
 * A guest's phone number as E.164 ('+14075550123'), parsed with the restaurant's country as the
 * default (a local number typed without +1 works), or a 400 on the phone field. An extension is
 * accepted as typed but not kept: texts go to the number itself, and the per-phone limits must
 * not be sidestepped by varying an extension (docs/decisions/2026-11-29-phone-numbers.md).
 */
export function normalisePhone(input: string, country: string): string {
  const parsed = parsePhone(input, country);
  if (!parsed) throw badRequest('The phone number is not valid.', { phone: [INVALID_MOBILE] });
  // Text messages need a number that can receive them; a fixed line cannot.
  if (!canReceiveTexts(parsed)) {
    throw badRequest('The phone number is not a mobile number.', {
      phone: ['Please enter a mobile phone number that can receive text messages'],
    });
  }
  return parsed.e164;
}

/** The first name only, for pages and lists that anyone holding the link may see. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

export function restaurantSummary(row: {
  city: string;
  state: string;
  address1: string;
  zip: string;
  phone: string;
  time_zone: string;
}) {
  return {
    name: `${row.city}, ${row.state}`,
    address: `${row.address1}, ${row.city}, ${row.state} ${row.zip}`,
    phone: formatPhone(row.phone),
    timeZone: row.time_zone,
  };
}
