import { locationSchema, type Location } from '../schemas/locations';
import { PREFERRED_COOKIE, PREFERRED_COOKIE_DAYS, PREFERRED_LOCATION_KEY, PREFERRED_RLID_KEY } from './preferred-keys';

export { PREFERRED_COOKIE, PREFERRED_COOKIE_DAYS, PREFERRED_LOCATION_KEY, PREFERRED_RLID_KEY };

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The saved location, or null. Stored data that fails the Location schema, or whose rlid
 * disagrees with the rlid key, counts as none (spec section 4).
 */
export function readPreferredLocation(store: KeyValueStore): Location | null {
  const raw = store.getItem(PREFERRED_LOCATION_KEY);
  if (!raw) return null;
  try {
    const parsed = locationSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    const rlid = store.getItem(PREFERRED_RLID_KEY);
    return rlid === null || rlid === String(parsed.data.rlid) ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Saves a location (both keys). Writing anything that is not a valid location clears the
 * preference instead. Returns the cookie string that mirrors the rlid for the server.
 */
export function writePreferredLocation(store: KeyValueStore, value: unknown, now = new Date()): string {
  const parsed = locationSchema.safeParse(value);
  if (!parsed.success) {
    store.removeItem(PREFERRED_RLID_KEY);
    store.removeItem(PREFERRED_LOCATION_KEY);
    return `${PREFERRED_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  }
  store.setItem(PREFERRED_RLID_KEY, String(parsed.data.rlid));
  store.setItem(PREFERRED_LOCATION_KEY, JSON.stringify(parsed.data));
  const expires = new Date(now.getTime() + PREFERRED_COOKIE_DAYS * 86_400_000);
  return `${PREFERRED_COOKIE}=${parsed.data.rlid}; Path=/; Expires=${expires.toUTCString()}; SameSite=Lax`;
}
