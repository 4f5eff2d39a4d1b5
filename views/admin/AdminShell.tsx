import type { ReactNode } from 'react';
import { ACTION_ICONS, sectionIcon } from '../../shared/admin/icons';
import type { SidebarState } from '../../shared/admin/sidebar';
import { ADMIN_SEARCH_MAX_LENGTH } from '../../shared/schemas/admin-search';
import { CsrfField } from './CsrfField';
import { Icon } from './Icon';

export type AdminUser = { username: string; displayName: string; isSuperuser?: boolean };

export type AdminShellProps = {
  user: AdminUser;
  csrfToken: string;
  /** Which main navigation entry is the current section (a fixed one, or an area's key). */
  section: 'dashboard' | 'pages' | 'users' | 'groups' | 'sites' | 'account' | (string & {});
  /** The areas this user may open (redirects, collections, settings, users...), after Pages. */
  areas?: ReadonlyArray<{ key: string; href: string; label: string }>;
  /**
   * The sidebar as the user left it (a cookie read on the server, so nothing moves after load);
   * undefined: no saved choice, the screen width decides (client/admin/admin.css).
   */
  sidebar?: SidebarState | undefined;
  children: ReactNode;
};

const NAV = [
  { key: 'dashboard', href: '/wagtail/', label: 'Dashboard' },
  { key: 'pages', href: '/wagtail/pages/', label: 'Pages' },
] as const;

/**
 * Wagtail's persistent sidebar: the main navigation and the account controls beside one screen's
 * main content. Wide screens show it open, tablets as a rail of icons (labels kept for screen
 * readers), phones as a bar with a menu button; a saved choice (client/admin/shell.ts, a cookie)
 * overrides the width on tablets and desktops. The button shows only once scripts run (the
 * document's admin-js flag, set before the first paint): without JavaScript the sidebar stays open.
 */
export function AdminShell({ user, csrfToken, section, areas = [], sidebar, children }: AdminShellProps) {
  // Areas go after Pages, in their menu order (the administrators' users, groups and sites last).
  const items: Array<{ key: string; href: string; label: string }> = [...NAV, ...areas];
  return (
    <div className={`admin-layout${sidebar ? ` admin-layout--${sidebar}` : ''}`}>
      <header className="admin-sidebar">
        <div className="admin-sidebar__top">
          <a className="admin-brand" href="/wagtail/">
            <span className="admin-sidebar__icon" aria-hidden="true">
              <Icon name={ACTION_ICONS.brand} />
            </span>
            <span className="admin-sidebar__label">Harborline admin</span>
          </a>
          {/* aria-expanded: the menu (phones) or the sidebar (wider); the script keeps it true to what shows. */}
          <button
            type="button"
            className="admin-sidebar__toggle"
            aria-controls="admin-sidebar-body"
            aria-expanded={sidebar !== 'collapsed'}
            data-sidebar-toggle
          >
            <Icon name={ACTION_ICONS.menu} className="admin-sidebar__toggle-menu" />
            <Icon name={ACTION_ICONS.collapse} className="admin-sidebar__toggle-collapse" />
            <Icon name={ACTION_ICONS.expand} className="admin-sidebar__toggle-expand" />
            <span className="admin-sidebar__label admin-sidebar__tip-only">Main menu</span>
          </button>
        </div>
        <div className="admin-sidebar__body" id="admin-sidebar-body">
          {/* Wagtail's sidebar search: a plain GET form, so it works before (and without) the script.
              On the rail only its button shows; an empty search opens the search screen's own box. */}
          <form
            method="get"
            action="/wagtail/search/"
            role="search"
            aria-label="Admin"
            className="admin-sidebar-search"
          >
            <label htmlFor="id_sidebar_search" className="visually-hidden">
              Search
            </label>
            <input
              id="id_sidebar_search"
              className="admin-sidebar-search__input"
              type="search"
              name="q"
              placeholder="Search…"
              maxLength={ADMIN_SEARCH_MAX_LENGTH}
            />
            <button type="submit" className="admin-sidebar-search__button">
              <span className="admin-sidebar__icon" aria-hidden="true">
                <Icon name={ACTION_ICONS.search} />
              </span>
              <span className="admin-sidebar__label admin-sidebar__tip-only">Search</span>
            </button>
          </form>
          <nav aria-label="Main" className="admin-nav">
            <ul>
              {items.map((item) => (
                <li key={item.key}>
                  <a href={item.href} aria-current={item.key === section ? 'page' : undefined}>
                    <span className="admin-sidebar__icon" aria-hidden="true">
                      <Icon name={sectionIcon(item.key)} />
                    </span>
                    <span className="admin-sidebar__label">{item.label}</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="admin-account">
            <a
              className="admin-account__name"
              href="/wagtail/account/"
              aria-current={section === 'account' ? 'page' : undefined}
            >
              <span className="admin-sidebar__icon" aria-hidden="true">
                <Icon name={sectionIcon('account')} />
              </span>
              <span className="admin-sidebar__label">{user.displayName}</span>
            </a>
            <form method="post" action="/wagtail/logout/">
              <CsrfField token={csrfToken} />
              <button type="submit" className="admin-account__logout">
                <span className="admin-sidebar__icon" aria-hidden="true">
                  <Icon name={ACTION_ICONS.logout} />
                </span>
                <span className="admin-sidebar__label">Log out</span>
              </button>
            </form>
          </div>
        </div>
      </header>
      <main id="main" className="admin-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
