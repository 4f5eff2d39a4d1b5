import { PHONE_MEDIA, SIDEBAR_COOKIE, TABLET_MEDIA, type SidebarState } from '../../shared/admin/sidebar';
import { keepRoomForActionBar } from './action-bar-room';
import { enhanceRowMenus } from './row-menus';
import { wireErrorSummary } from './error-summary';
import { wireScheduleDialog } from './schedule-dialog';
import { wireSidebarTips } from './sidebar-tips';
import { wirePageBulk } from './page-bulk';

/**
 * The sidebar's one button on every back-office screen. On phones it opens and closes the menu (a
 * disclosure: Escape or a click outside closes it and focus returns to the button). Wider, it
 * collapses the sidebar to icons or opens it, and remembers the choice in a cookie the server
 * reads, so the next screen is rendered that way. With no saved choice, CSS decides by width.
 */
const layout = document.querySelector<HTMLElement>('.admin-layout');
const toggle = document.querySelector<HTMLButtonElement>('[data-sidebar-toggle]');
const sidebar = document.querySelector<HTMLElement>('.admin-sidebar');
if (layout && toggle && sidebar) {
  const phone = window.matchMedia(PHONE_MEDIA);
  const tablet = window.matchMedia(TABLET_MEDIA);
  const MENU_OPEN = 'admin-layout--menu-open';

  const collapsed = () =>
    layout.classList.contains('admin-layout--collapsed') ||
    (tablet.matches && !layout.classList.contains('admin-layout--expanded'));
  const menuOpen = () => layout.classList.contains(MENU_OPEN);
  const sync = () => toggle.setAttribute('aria-expanded', String(phone.matches ? menuOpen() : !collapsed()));

  const setMenu = (open: boolean, returnFocus = false) => {
    layout.classList.toggle(MENU_OPEN, open);
    sync();
    if (!open && returnFocus) toggle.focus();
  };

  const remember = (state: SidebarState) => {
    layout.classList.remove('admin-layout--collapsed', 'admin-layout--expanded');
    layout.classList.add(`admin-layout--${state}`);
    document.cookie = `${SIDEBAR_COOKIE}=${state}; path=/wagtail/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
    sync();
  };

  toggle.addEventListener('click', () => {
    if (phone.matches) setMenu(!menuOpen());
    else remember(collapsed() ? 'expanded' : 'collapsed');
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !phone.matches || !menuOpen()) return;
    setMenu(false, sidebar.contains(document.activeElement));
  });
  document.addEventListener('click', (event) => {
    if (menuOpen() && !sidebar.contains(event.target as Node)) setMenu(false);
  });
  // Turning a tablet or resizing a window crosses breakpoints: the menu closes, the state stays true.
  const changed = () => {
    layout.classList.remove(MENU_OPEN);
    sync();
  };
  phone.addEventListener('change', changed);
  tablet.addEventListener('change', changed);
  sync();
  wireSidebarTips(sidebar);
}

enhanceRowMenus();
wireErrorSummary();
wireScheduleDialog();
keepRoomForActionBar();
wirePageBulk();

// The header menu's structured editor (React and the page chooser) loads only where a menu is edited.
if (document.querySelector('[data-enhance="menu"]')) void import('./menu-editor/start');
// The workflow form's tasks and pages, and page fields chosen anywhere in the tree (a group's page permission).
if (document.querySelector('[data-workflow-editor]')) void import('./workflow-editor/start');
if (document.querySelector('[data-enhance="page-chooser"]')) void import('./page-choice/start');
