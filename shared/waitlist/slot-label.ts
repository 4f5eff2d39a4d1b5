/**
 * A slot's local time ('19:00') as the page's language writes it: the server's English label
 * ('7:00 PM') for English, '19 h 00' in French (Canadian usage). Built by hand rather than with
 * Intl, so the server's HTML and the browser's hydration always agree.
 */
export function slotLabel(languageCode: string, time: string, englishLabel: string): string {
  if (!languageCode.startsWith('fr')) return englishLabel;
  const [hours = '0', minutes = '00'] = time.split(':');
  return `${Number(hours)} h ${minutes}`;
}
