/**
 * The edit screens' sticky action bar sits over the bottom of the window. A control that takes
 * focus or is scrolled into view must land clear of it (WCAG 2.4.11), so the page's bottom scroll
 * padding follows the bar's height: one row on most phones, two when it wraps on the narrowest.
 */
export function keepRoomForActionBar(): void {
  const bar = document.querySelector<HTMLElement>('[data-action-bar]');
  if (!bar || typeof ResizeObserver === 'undefined') return;
  const root = document.documentElement;
  new ResizeObserver(() => {
    root.style.setProperty('--admin-action-bar-room', `${Math.ceil(bar.getBoundingClientRect().height)}px`);
  }).observe(bar);
}
