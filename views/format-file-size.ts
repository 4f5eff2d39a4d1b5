import { formatDecimal } from '../shared/i18n/format';

/**
 * File sizes as the spec prints them (section 4): decimal units (base 1000), one decimal ('2.4 MB').
 * French pages use the French units and a decimal comma ('2,4 Mo').
 */
export function formatFileSize(bytes: number, languageCode = 'en-US'): string {
  const french = languageCode.toLowerCase().startsWith('fr');
  const units = french ? ['o', 'ko', 'Mo', 'Go', 'To'] : ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  // 999,950 bytes rounds to '1000.0 kB': carry it to the next unit.
  if (unit < units.length - 1 && Number(value.toFixed(1)) >= 1000) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${bytes} ${units[0]}` : `${formatDecimal(value, 1, languageCode)} ${units[unit]}`;
}
