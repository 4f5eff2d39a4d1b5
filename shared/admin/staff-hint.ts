/**
 * A hint, readable by scripts, that this browser signed in to the back office: the public page's
 * userbar loader asks /wagtail/userbar/ only when it is set, so anonymous visitors (nearly all)
 * make no extra request. It grants nothing: the session cookie (HttpOnly) is what the userbar
 * endpoint checks, and a stale hint costs one 204, after which the loader drops it.
 */
export const STAFF_HINT_COOKIE = 'wagtail_staff';

export const hasStaffHint = (cookieHeader: string): boolean =>
  cookieHeader.split(';').some((pair) => pair.trim() === `${STAFF_HINT_COOKIE}=1`);
