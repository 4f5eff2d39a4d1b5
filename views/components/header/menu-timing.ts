/** Menu timing of spec section 9, in milliseconds. */
export const MENU_OPEN_DELAY_MS = 200;
/** After a menu was open, moving to another within this time opens it at once. */
export const MENU_SKIP_DELAY_MS = 300;
export const MENU_CLOSE_DELAY_MS = 150;
/** How long the header waits for its navigation to be ready before logging (spec section 8). */
export const NAV_READY_TIMEOUT_MS = 500;
export const NAV_READY_TIMEOUT_MESSAGE = 'navMenuReady timeout exceeded';

/** How long to wait before opening a hovered menu: no wait while another is open or just closed. */
export function openDelay(state: { anotherOpen: boolean; lastClosedAt: number; now: number }): number {
  if (state.anotherOpen || state.now - state.lastClosedAt < MENU_SKIP_DELAY_MS) return 0;
  return MENU_OPEN_DELAY_MS;
}
