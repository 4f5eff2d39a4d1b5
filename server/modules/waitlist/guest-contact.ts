import { parsePhoneNumberWithError, ParseError, type CountryCode } from 'libphonenumber-js/max';
import { badRequest } from '../../errors';

/**
 * A guest's phone number as E.164 ('+14075550123'), parsed with the restaurant's country as the
 * default (a local number typed without +1 works), or a 400 on the phone field.
 */
export function normalisePhone(input: string, country: string): string {
  const fail = () =>
    badRequest('The phone number is not valid.', {
      phone: ['Please enter a valid mobile phone number, e.g. (407) 555-0123'],
    });
  const defaultCountry = (/^[A-Z]{2}$/.test(country) ? country : 'US') as CountryCode;
  let parsed;
  try {
    parsed = parsePhoneNumberWithError(input, { defaultCountry });
  } catch (error) {
    if (error instanceof ParseError) throw fail();
    throw error;
  }
  if (!parsed.isValid()) throw fail();
  const type = parsed.getType();
  // Text messages need a number that can receive them; a fixed line cannot.
  if (type !== undefined && !['MOBILE', 'FIXED_LINE_OR_MOBILE', 'PERSONAL_NUMBER', 'VOIP'].includes(type)) {
    throw badRequest('The phone number is not a mobile number.', {
      phone: ['Please enter a mobile phone number that can receive text messages'],
    });
  }
  return parsed.number;
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
    phone: row.phone,
    timeZone: row.time_zone,
  };
}
