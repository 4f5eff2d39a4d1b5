/**
 * Spec section 9: "Search radius 200 for both the header list and the quick search" and "Result
 * limits: header list 26, quick search 4, form location search 6". Zod-free, for any bundle.
 */
export const SEARCH_RADIUS_MILES = 200;
export const HEADER_LIST_LIMIT = 26;
export const QUICK_SEARCH_LIMIT = 4;
export const FORM_LOCATION_SEARCH_LIMIT = 6;
