import type { Translate } from '../../../shared/i18n/translator';
import { PICKER_SUFFIXES } from '../../../shared/locations/picker-text';

/**
 * Every string the lazily loaded popover translates. The page carries only the catalog entries
 * its server render used, so the eager trigger touches these once to make them travel with the
 * page (a French page's popover would otherwise open in English).
 */
const POPOVER_STRINGS = [
  'Choose your restaurant',
  'Your restaurant',
  'Get directions',
  '(opens in a new tab)',
  'View Local Page',
  "Today's Hours",
  'Delivery',
  'Curbside',
  'Temporarily Closed',
  'Not Available',
  'Closed',
  'Call {phone}',
  'Reserve a Table',
  'Join the wait list',
  'Order Now',
  'Change Location',
  'Hide location details',
  'Tell us where you are for the latest specials and prices',
  'Search by city, state, or zip',
  'Search',
  'Use My Current Location',
  'View Map',
  'View All Locations',
  '{distance} miles',
  'Delivery Available',
  'Indoor Dining Available',
  'Search results',
] as const;

export function keepPopoverTranslations(t: Translate): void {
  for (const key of POPOVER_STRINGS) t(key);
  // The trigger's suffixes: a cached page is rendered without a saved location and the server
  // fills the trigger text per visitor (server/cache/picker-hole.ts); hydration then needs them.
  for (const key of PICKER_SUFFIXES) t(key);
  t('{count} location', { count: 2, plural: '{count} locations' });
}
