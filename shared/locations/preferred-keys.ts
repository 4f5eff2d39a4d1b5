/**
 * Spec section 9: where the preferred location is kept in the browser. A module of its own, free
 * of zod, so the header's eager code can watch these keys without loading the schema library.
 */
export const PREFERRED_RLID_KEY = 'storage.rl-us.rlid';
export const PREFERRED_LOCATION_KEY = 'storage.rl-us.locationObj';
export const PREFERRED_COOKIE = 'li';
export const PREFERRED_COOKIE_DAYS = 365;
