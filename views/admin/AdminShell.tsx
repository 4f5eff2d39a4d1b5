import type { ReactNode } from 'react';
import { CsrfField } from './CsrfField';

export type AdminUser = { username: string; displayName: string; isSuperuser?: boolean };

export type AdminShellProps = {
  user: AdminUser;
  csrfToken: string;
  /** Which main navigation entry is the current section (a fixed one, or an area's key). */
  section: 'dashboard' | 'pages' | 'users' | 'groups' | 'sites' | 'account' | (string & {});
  /** The areas this user may open (redirects, collections, settings, users...), after Pages. */
  areas?: ReadonlyArray<{ key: string; href: string; label: string }>;
  /** The sidebar as the user left it (a cookie read on the server, so nothing moves after load). */
  sidebarCollapsed?: boolean;
  children: ReactNode;
};

const NAV = [
  { key: 'dashboard', href: '/wagtail/', label: 'Dashboard' },
  { key: 'pages', href: '/wagtail/pages/', label: 'Pages' },
] as const;

/** Two letters standing for an entry in the collapsed sidebar (the full label stays for screen readers). */
function initials(label: string): string {
  const words = label.split(/\s+/).filter(Boolean);
  return (words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : label.slice(0, 2)).toUpperCase();
}

/**
 * Wagtail's persistent sidebar: the main navigation and the account controls beside one screen's
 * main content. Collapsing it is the shell script's job (client/admin/shell.ts, a cookie); the
 * toggle is hidden until that script runs, so without JavaScript the sidebar simply stays open.
 */
export function AdminShell({
  user,
  csrfToken,
  section,
  areas = [],
  sidebarCollapsed = false,
  children,
}: AdminShellProps) {
  // Areas go after Pages, in their menu order (the administrators' users, groups and sites last).
  const items: Array<{ key: string; href: string; label: string }> = [...NAV, ...areas];
  return (
    <div className={`admin-layout${sidebarCollapsed ? ' admin-layout--collapsed' : ''}`}>
      <header className="admin-sidebar">
        <div className="admin-sidebar__top">
          <a className="admin-brand" href="/wagtail/">
            <span className="admin-sidebar__initial" aria-hidden="true">
              H
            </span>
            <span className="admin-sidebar__label">Harborline admin</span>
          </a>
          <button
            type="button"
            className="admin-sidebar__toggle"
            aria-controls="admin-sidebar-body"
            aria-expanded={!sidebarCollapsed}
            hidden
            data-sidebar-toggle
          >
            <span aria-hidden="true" className="admin-sidebar__chevron" />
            <span className="visually-hidden">Main menu</span>
          </button>
        </div>
        <div className="admin-sidebar__body" id="admin-sidebar-body">
          <nav aria-label="Main" className="admin-nav">
            <ul>
              {items.map((item) => (
                <li key={item.key}>
                  <a href={item.href} aria-current={item.key === section ? 'page' : undefined}>
                    <span className="admin-sidebar__initial" aria-hidden="true">
                      {initials(item.label)}
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
              <span className="admin-sidebar__initial" aria-hidden="true">
                {initials(user.displayName)}
              </span>
              <span className="admin-sidebar__label">{user.displayName}</span>
            </a>
            <form method="post" action="/wagtail/logout/">
              <CsrfField token={csrfToken} />
              <button type="submit" className="admin-button admin-button--secondary admin-account__logout">
                <span className="admin-sidebar__initial" aria-hidden="true">
                  →
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
