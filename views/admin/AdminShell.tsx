import type { ReactNode } from 'react';
import { CsrfField } from './CsrfField';

export type AdminUser = { username: string; displayName: string; isSuperuser?: boolean };

export type AdminShellProps = {
  user: AdminUser;
  csrfToken: string;
  /** Which main navigation entry is the current section. */
  section: 'dashboard' | 'pages' | 'users' | 'groups' | 'sites' | 'account';
  children: ReactNode;
};

const NAV = [
  { key: 'dashboard', href: '/wagtail/', label: 'Dashboard' },
  { key: 'pages', href: '/wagtail/pages/', label: 'Pages' },
  // Settings only administrators manage (Wagtail's Settings menu).
  { key: 'users', href: '/wagtail/users/', label: 'Users', superuserOnly: true },
  { key: 'groups', href: '/wagtail/groups/', label: 'Groups', superuserOnly: true },
  { key: 'sites', href: '/wagtail/sites/', label: 'Sites', superuserOnly: true },
] as const;

/** Header with the main navigation and the account controls, around one screen's main content. */
export function AdminShell({ user, csrfToken, section, children }: AdminShellProps) {
  return (
    <>
      <header className="admin-header">
        <a className="admin-brand" href="/wagtail/">
          Harborline admin
        </a>
        <nav aria-label="Main" className="admin-nav">
          <ul>
            {NAV.filter((item) => !('superuserOnly' in item) || user.isSuperuser).map((item) => (
              <li key={item.key}>
                <a href={item.href} aria-current={item.key === section ? 'page' : undefined}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-account">
          <a className="admin-account__name" href="/wagtail/account/" aria-current={section === 'account' ? 'page' : undefined}>
            {user.displayName}
          </a>
          <form method="post" action="/wagtail/logout/">
            <CsrfField token={csrfToken} />
            <button type="submit" className="admin-button admin-button--secondary">
              Log out
            </button>
          </form>
        </div>
      </header>
      <main id="main" className="admin-main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
