import { SIDEBAR_COLLAPSED, SIDEBAR_COOKIE } from '../../shared/admin/sidebar';
import { wireErrorSummary } from './error-summary';
import { wireScheduleDialog } from './schedule-dialog';

/**
 * The sidebar toggle of every back-office screen. The server renders the remembered state (a
 * cookie); this only shows the toggle, flips the class and remembers the choice for next time.
 */
const layout = document.querySelector('.admin-layout');
const toggle = document.querySelector<HTMLButtonElement>('[data-sidebar-toggle]');
if (layout && toggle) {
  toggle.hidden = false;
  toggle.addEventListener('click', () => {
    const collapsed = layout.classList.toggle('admin-layout--collapsed');
    toggle.setAttribute('aria-expanded', String(!collapsed));
    const maxAge = collapsed ? 60 * 60 * 24 * 365 : 0;
    document.cookie = `${SIDEBAR_COOKIE}=${collapsed ? SIDEBAR_COLLAPSED : ''}; path=/wagtail/; max-age=${maxAge}; samesite=lax`;
  });
}

wireErrorSummary();
wireScheduleDialog();
