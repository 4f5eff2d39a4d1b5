import { HttpError } from '../errors';
import type { Logger } from '../logger';
import { catalogFor } from '../../shared/i18n/catalogs';
import { createTranslator } from '../../shared/i18n/translator';
import type { Location } from '../../shared/schemas/locations';
import { pickerTriggerText } from '../../views/components/location-picker/trigger-text';
import { escapeJsonForScript } from './escape-json';
import type { PickerFill } from '../cache/fast-path';

/** As React escapes text and attribute values. */
function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!,
  );
}

const MAX_REMEMBERED = 5000;

/**
 * The header picker's per-visitor parts of a cached page, for the rlid in the 'li' cookie: the
 * trigger text (in the page's language), the button's data-saved-rlid and the location in the
 * page data, exactly as the server render would print them. Locations (loaded by the locations
 * module, given by the app; a 404 means none) are remembered per process until location data
 * changes (`clear`).
 */
export function pickerHoleFiller(
  locationByRlid: (rlid: number) => Promise<Location>,
  logger: Logger,
): PickerFill & { clear(): void } {
  const locations = new Map<number, Promise<Location | null>>();
  const load = (rlid: number): Promise<Location | null> => {
    const known = locations.get(rlid);
    if (known) return known;
    if (locations.size >= MAX_REMEMBERED) locations.clear();
    const loading = locationByRlid(rlid).catch((error: unknown) => {
      // A closed restaurant's rlid in an old cookie: the visitor simply has none.
      if (!(error instanceof HttpError && error.status === 404)) {
        logger.error({ err: error, rlid }, 'loading the preferred location failed');
        locations.delete(rlid);
      }
      return null;
    });
    locations.set(rlid, loading);
    return loading;
  };
  const fill = async (rlid: number, languageCode: string) => {
    const location = await load(rlid);
    if (!location) return null;
    const t = createTranslator(catalogFor(languageCode));
    return {
      pickerText: escapeHtml(pickerTriggerText(t, location)),
      pickerAttr: ` data-saved-rlid="${location.rlid}"`,
      pickerJson: escapeJsonForScript(location),
    };
  };
  return Object.assign(fill, { clear: () => locations.clear() });
}
