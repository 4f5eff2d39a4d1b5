import type { Translate } from '../../../shared/i18n/translator';

/**
 * The server's messages (field errors, refusals) in the page's language. The API answers in
 * English; every fixed message is a catalog key, and the few that carry a number or a date are
 * matched here and translated with the value as a placeholder.
 */
const WITH_VALUES: Array<[RegExp, string, string[]]> = [
  [/^The largest party is (\d+)$/, 'The largest party is {max}', ['max']],
  [/^Please choose a date up to (\d{4}-\d{2}-\d{2})$/, 'Please choose a date up to {date}', ['date']],
  [
    /^Too many attempts\. Please try again in (\d+) seconds\.$/,
    'Too many attempts. Please try again in {seconds} seconds.',
    ['seconds'],
  ],
  [/^(name|note|phone) must be at most (\d+) characters$/, 'This field must be at most {max} characters', ['', 'max']],
  [/^partySize must be at (?:least|most) \d+$/, 'Please choose a party size from the list', []],
  [/^partySize must be (?:a|a single) whole number$/, 'Please choose a party size from the list', []],
  [
    /^Parties of more than (\d+) cannot (?:join the wait list|book) online; please call the restaurant\.$/,
    'Parties of more than {max} cannot do this online; please call the restaurant.',
    ['max'],
  ],
  [/^The wait list is not taking parties: .*\.$/, 'The wait list is not taking parties right now.', []],
  [
    /^This phone number or e-mail address has already joined this restaurant's wait list (\d+) times today\. Please call the restaurant\.$/,
    'This phone number or e-mail address has already joined this restaurant’s wait list {count} times today. Please call the restaurant.',
    ['count'],
  ],
  [
    /^This phone number or e-mail address already has (\d+) bookings at this restaurant on this day\. Please call the restaurant\.$/,
    'This phone number or e-mail address already has {count} bookings at this restaurant on this day. Please call the restaurant.',
    ['count'],
  ],
];

export function translateGuestMessage(t: Translate, message: string): string {
  for (const [pattern, key, names] of WITH_VALUES) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values = Object.fromEntries(
      names.map((name, i) => [name, match[i + 1] ?? '']).filter(([name]) => name !== ''),
    );
    return t(key, { values });
  }
  return t(message);
}
