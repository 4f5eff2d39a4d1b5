/**
 * What a French page must not show (issue 29): English phrases the site renders, and English
 * number and time formats. Read from the page as a visitor meets it: the visible text plus the
 * attributes a screen reader or a browser shows (alt, aria-label, title, placeholder, value of
 * buttons). Elements marked lang="en..." (the language switch's 'English') are English on purpose.
 */

/** English words and phrases of the site's own interface (brand and street names are not here). */
export const ENGLISH_PHRASES = [
  'Error:',
  'Error ',
  'No wait',
  'British Columbia',
  'Quebec',
  'Nova Scotia',
  'New Brunswick',
  'Newfoundland',
  'Prince Edward Island',
  'Northwest Territories',
  'miles',
  'View Local Page',
  'View Restaurant Page',
  'Order Now',
  'Order Online',
  'Get directions',
  'Hours of Operation',
  'Holiday Hours',
  'Closed',
  'Find a',
  'Please ',
  'Select a',
  'Return to Homepage',
  'Something went wrong',
  'Page not found',
  'Log In',
  'Back to Top',
  'Submit',
  'Search',
  'Reserve a Table',
  'Join the wait list',
  'The request could not',
  'This field is required',
  'Enter a valid',
  'Current wait',
  'Contact Us',
  'Sign Up',
  'Download',
  'unsubscribed',
  'opens in a new tab',
  'Skip to',
  'Loading',
  'Today',
  'Monday',
  'Sunday',
] as const;

const ENGLISH_FORMATS: Array<[RegExp, string]> = [
  [/\b\d{1,2}:\d{2}\s?(?:AM|PM)\b/, 'a 12-hour time'],
  [/\b\d+\.\d+\s?(?:mi|km|milles|Mo|ko|Go|MB|kB|GB)\b/, 'a decimal point'],
  [/\b\d+(?:[.,]\d+)?\s?(?:MB|kB|GB)\b/, 'an English file size unit'],
];

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

/** The text a visitor meets on the page, one line per text node or shown attribute. */
export function shownText(html: string): string[] {
  let markup = html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, ' ')
    .replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, ' ')
    .replace(/<template\b[^>]*>[\s\S]*?<\/template>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, '');
  // An element in English on purpose (lang="en-CA") holds no element of its own kind in this site.
  markup = markup.replace(/<(a|span|p|li)\b[^>]*\slang="en[^"]*"[^>]*>[\s\S]*?<\/\1>/gi, ' ');
  const lines: string[] = [];
  for (const match of markup.matchAll(/\s(?:alt|aria-label|title|placeholder)="([^"]*)"/gi)) lines.push(match[1]!);
  for (const match of markup.matchAll(/<(?:input)\b[^>]*type="(?:submit|button)"[^>]*\svalue="([^"]*)"/gi))
    lines.push(match[1]!);
  // <title> is shown in the tab.
  lines.push(...markup.replace(/<[^>]+>/g, '\n').split('\n'));
  return lines.map((line) => decode(line).replace(/\s+/g, ' ').trim()).filter(Boolean);
}

/** Each English phrase or format the page shows, with the line it was found in. */
export function englishIn(html: string): string[] {
  const found: string[] = [];
  for (const line of shownText(html)) {
    for (const phrase of ENGLISH_PHRASES) if (line.includes(phrase)) found.push(`"${phrase}" in "${line}"`);
    for (const [pattern, what] of ENGLISH_FORMATS) if (pattern.test(line)) found.push(`${what} in "${line}"`);
  }
  return found;
}

/** Every link a page gives a visitor to follow or send a form to, with whether it is a language switch. */
export function pageLinks(html: string): Array<{ url: string; languageSwitch: boolean; tag: string }> {
  const markup = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, ' ');
  const links: Array<{ url: string; languageSwitch: boolean; tag: string }> = [];
  for (const match of markup.matchAll(/<(a|link|form)\b([^>]*)>/gi)) {
    const [, tag, attributes] = match;
    const target = /\s(?:href|action)="([^"]*)"/i.exec(attributes!)?.[1];
    if (target === undefined) continue;
    if (tag!.toLowerCase() === 'link' && !/\srel="alternate"/i.test(attributes!)) continue;
    links.push({ url: decode(target), languageSwitch: /\shreflang="/i.test(attributes!), tag: tag!.toLowerCase() });
  }
  return links;
}
