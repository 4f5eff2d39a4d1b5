import type { Location } from '../schemas/locations';

type SuffixSubject = Pick<
  Location,
  'isTemporarilyClosed' | 'isDiningRoomOpened' | 'outsideDining' | 'hasDelivery' | 'hasCurbside'
>;

/**
 * The header picker's trigger suffix for a saved location: the first that applies, in the
 * spec's order (section 2, Header location picker).
 */
export function pickerSuffix(location: SuffixSubject): string {
  if (location.isTemporarilyClosed) return '(Restaurant Temporarily Closed)';
  if (location.isDiningRoomOpened && location.outsideDining) return '(Indoor/Outdoor Dining Available)';
  if (location.isDiningRoomOpened) return '(Indoor Dining Available)';
  if (location.outsideDining) return '(Outdoor Dining Available)';
  if (location.hasDelivery) return '(Delivery Available)';
  if (location.hasCurbside) return '(Curbside Available)';
  return '(Pick Up Only)';
}

/** Every suffix pickerSuffix can answer. */
export const PICKER_SUFFIXES = [
  '(Restaurant Temporarily Closed)',
  '(Indoor/Outdoor Dining Available)',
  '(Indoor Dining Available)',
  '(Outdoor Dining Available)',
  '(Delivery Available)',
  '(Curbside Available)',
  '(Pick Up Only)',
] as const;
