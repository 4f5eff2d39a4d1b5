import type { Translate } from '../../../shared/i18n/translator';
import { pickerSuffix } from '../../../shared/locations/picker-text';
import type { Location } from '../../../shared/schemas/locations';

export type TriggerSubject = Pick<
  Location,
  'city' | 'state' | 'isTemporarilyClosed' | 'isDiningRoomOpened' | 'outsideDining' | 'hasDelivery' | 'hasCurbside'
>;

/**
 * The picker trigger's text (spec section 2): a call to action without a saved location, else
 * the location's city and state with the first suffix that applies. The server renders it from
 * the 'li' cookie and the browser from local storage, through this one function.
 */
export function pickerTriggerText(t: Translate, location: TriggerSubject | null): string {
  if (!location) return t('Find A Location Near You');
  return `${location.city}, ${location.state} ${t(pickerSuffix(location))}`;
}
