import { hasStaffHint, STAFF_HINT_COOKIE } from '../../shared/admin/staff-hint';

/**
 * The staff userbar's loader, on every public page (a few hundred bytes): public pages are the
 * same cached HTML for everyone, so it asks the admin, where the session lives, whether this
 * visitor is staff. Anyone else gets a 204 and nothing more is loaded; staff get the bar's links
 * and its separate chunk draws it. Best effort: a failure leaves the page as it is.
 */
export function loadStaffUserbar(): void {
  // Only browsers that signed in to the back office ask: anonymous visits make no request.
  if (!hasStaffHint(document.cookie)) return;
  const ask = () => {
    fetch(`/wagtail/userbar/?path=${encodeURIComponent(location.pathname)}`, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      cache: 'no-store',
    })
      .then(async (res) => {
        if (res.status === 204) document.cookie = `${STAFF_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
        if (res.status !== 200) return;
        const [view, { drawUserbar }] = await Promise.all([res.json(), import('./bar')]);
        drawUserbar(view);
      })
      .catch(() => {});
  };
  // After the page has settled: the bar is never worth delaying the page for.
  if ('requestIdleCallback' in window) requestIdleCallback(ask, { timeout: 3000 });
  else setTimeout(ask, 1000);
}
