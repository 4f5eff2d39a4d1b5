/**
 * Numbers and times in the page's language, through Intl (issue 29): English pages keep the
 * spec's forms ('11:00 AM - 10:00 PM', '2.4'), French pages read as Quebec prints them
 * ('11 h à 22 h', '2,4'). Pure and Node-free, so server and browser render the same text.
 */

const isFrench = (languageCode: string) => languageCode.toLowerCase().startsWith('fr');

/** A number with a fixed count of decimals: '0.0' in English, '0,0' in French. */
export function formatDecimal(value: number, digits: number, languageCode: string): string {
  if (!isFrench(languageCode)) return value.toFixed(digits);
  let format = frenchDecimals.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('fr-CA', {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: false,
    });
    frenchDecimals.set(digits, format);
  }
  return format.format(value);
}

// Formatters are built once: building one costs far more than formatting with it.
const frenchDecimals = new Map<number, Intl.NumberFormat>();
let frenchClock: Intl.DateTimeFormat | undefined;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** '13:30' -> '1:30 PM' in English; '13 h 30' in French ('11 h' on the hour, the Quebec usage). */
export function formatTime(time: string, languageCode = 'en-US'): string {
  const minutes = minutesOf(time);
  const hour = Math.floor(minutes / 60) % 24;
  const minute = minutes % 60;
  if (!isFrench(languageCode)) {
    const suffix = hour < 12 ? 'AM' : 'PM';
    return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${suffix}`;
  }
  // Intl's fr-CA clock ('11 h 00'), without the minutes when there are none.
  frenchClock ??= new Intl.DateTimeFormat('fr-CA', {
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  });
  const parts = frenchClock.formatToParts(new Date(Date.UTC(2000, 0, 1, hour, minute)));
  const text = parts.map((part) => part.value).join('');
  return minute === 0 ? text.replace(/\s*00$/, '') : text;
}

/** An opening: '11:00 AM - 10:00 PM' in English, '11 h à 22 h' in French. */
export function formatHoursRange(open: string, close: string, languageCode = 'en-US'): string {
  const separator = isFrench(languageCode) ? ' à ' : ' - ';
  return `${formatTime(open, languageCode)}${separator}${formatTime(close, languageCode)}`;
}

/**
 * The colon after a label: French typography puts a no-break space before it ("Noël : Fermé"),
 * English none. Returned with the space that follows it.
 */
export function labelColon(languageCode: string): string {
  return languageCode.toLowerCase().startsWith('fr') ? '\u00a0: ' : ': ';
}
