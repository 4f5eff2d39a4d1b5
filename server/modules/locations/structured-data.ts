import type { DayHours, SpecialHours } from '../../../shared/schemas/locations';
import { directionsUrl } from '../../../shared/locations/links';
import type { LocationRow } from './table';

const DAY_URLS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map(
  (d) => `https://schema.org/${d}`,
);

/**
 * schema.org Restaurant for a location page, so search engines show address, hours and holiday
 * closures. Closed special days use opens = closes = 00:00, schema.org's convention for "closed".
 */
export function restaurantJsonLd(
  row: LocationRow,
  options: { name: string; url: string; specialHours: SpecialHours[] },
): Record<string, unknown> {
  const weekly = (Array.isArray(row.hours) ? row.hours : []) as DayHours[];
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    '@id': options.url,
    name: options.name,
    url: options.url,
    telephone: row.phone,
    servesCuisine: 'Seafood',
    acceptsReservations: row.is_reservations_enabled,
    address: {
      '@type': 'PostalAddress',
      streetAddress: [row.address1, row.address2].filter(Boolean).join(', '),
      addressLocality: row.city,
      addressRegion: row.state,
      postalCode: row.zip,
      addressCountry: row.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: row.latitude, longitude: row.longitude },
    hasMap: directionsUrl(row.latitude, row.longitude),
    openingHoursSpecification: [
      ...weekly.map((entry) => ({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: DAY_URLS[entry.dayOfWeek],
        opens: entry.open,
        closes: entry.close,
      })),
      ...options.specialHours.map((day) => ({
        '@type': 'OpeningHoursSpecification',
        name: day.label,
        validFrom: day.date,
        validThrough: day.date,
        opens: day.closed ? '00:00' : day.open,
        closes: day.closed ? '00:00' : day.close,
      })),
    ],
  };
}
