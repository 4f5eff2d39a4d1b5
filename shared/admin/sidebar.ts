/**
 * The admin sidebar's remembered state: a cookie, so the server renders the sidebar as the user
 * left it and nothing moves after the page shows (client/admin/shell.ts writes it).
 */
export const SIDEBAR_COOKIE = 'wagtail_sidebar';
export const SIDEBAR_COLLAPSED = 'collapsed';

/** Whether a Cookie header says the sidebar is collapsed. */
export function sidebarCollapsedIn(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((pair) => pair.trim() === `${SIDEBAR_COOKIE}=${SIDEBAR_COLLAPSED}`);
}
