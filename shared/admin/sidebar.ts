/**
 * The admin sidebar's remembered state: a cookie, so the server renders the sidebar as the user
 * left it and nothing moves after the page shows (client/admin/shell.ts writes it). With no saved
 * choice the screen width decides in CSS: open on desktops, icons only on tablets, a menu on phones.
 */
export const SIDEBAR_COOKIE = 'wagtail_sidebar';
export const SIDEBAR_STATES = ['collapsed', 'expanded'] as const;
export type SidebarState = (typeof SIDEBAR_STATES)[number];

/** The user's saved choice in a Cookie header; undefined when there is none (or it is not one we wrote). */
export function sidebarStateIn(cookieHeader: string | undefined): SidebarState | undefined {
  if (!cookieHeader) return undefined;
  for (const pair of cookieHeader.split(';')) {
    const [name, value] = pair.trim().split('=', 2);
    if (name === SIDEBAR_COOKIE) return SIDEBAR_STATES.find((state) => state === value);
  }
  return undefined;
}

/** The CSS breakpoints the shell script must agree with (client/admin/admin.css). */
export const PHONE_MEDIA = '(max-width: 767.98px)';
export const TABLET_MEDIA = '(min-width: 768px) and (max-width: 1199.98px)';
