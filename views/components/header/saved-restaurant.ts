import type { Location } from '../../../shared/schemas/locations';

/**
 * The visitor's saved restaurant as the header picker last knew it, for the header's icons: the
 * picker publishes every change, the icons read it through useSyncExternalStore (whose server
 * snapshot, used while hydrating, is always "none", matching the HTML a cached page carries).
 */
export type SavedRestaurant = Pick<
  Location,
  'rlid' | 'countryRootURL' | 'hasDelivery' | 'hasOnlineOrdering' | 'isTemporarilyClosed'
>;

let current: SavedRestaurant | null = null;
const listeners = new Set<() => void>();

export function publishSavedRestaurant(restaurant: SavedRestaurant | null): void {
  current = restaurant;
  for (const listener of listeners) listener();
}

export function subscribeToSavedRestaurant(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const savedRestaurant = (): SavedRestaurant | null => current;
export const noSavedRestaurant = (): SavedRestaurant | null => null;
