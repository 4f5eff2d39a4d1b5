import type { ReactElement } from 'react';
import { AdminShell, type AdminUser } from '../../../views/admin/AdminShell';
import { DashboardScreen } from '../../../views/admin/DashboardScreen';
import { EditScreen, type EditScreenProps } from '../../../views/admin/EditScreen';
import { ExplorerScreen } from '../../../views/admin/ExplorerScreen';
import { LoginScreen, type LoginScreenProps } from '../../../views/admin/LoginScreen';
import type { DashboardView, ExplorerView } from './explorer-service';

/** Each screen as a title and a React element, so routes.ts stays free of JSX. */
export type Screen = { title: string; element: ReactElement; /** Load the block editor's script. */ blockEditor?: boolean };
type Chrome = { user: Express.User; csrfToken: string };

export function loginScreen(props: LoginScreenProps): Screen {
  return { title: 'Sign in', element: <LoginScreen {...props} /> };
}

export function dashboardScreen({ user, csrfToken }: Chrome, view: DashboardView): Screen {
  const who = adminUser(user);
  return {
    title: 'Dashboard',
    element: (
      <AdminShell user={who} csrfToken={csrfToken} section="dashboard">
        <DashboardScreen view={view} displayName={who.displayName} csrfToken={csrfToken} />
      </AdminShell>
    ),
  };
}

export function explorerScreen({ user, csrfToken }: Chrome, view: ExplorerView): Screen {
  return {
    title: `Exploring ${view.page.title}`,
    element: (
      <AdminShell user={adminUser(user)} csrfToken={csrfToken} section="pages">
        <ExplorerScreen view={view} csrfToken={csrfToken} />
      </AdminShell>
    ),
  };
}

export function editScreen({ user, csrfToken }: Chrome, props: Omit<EditScreenProps, 'csrfToken'>): Screen {
  return {
    title: `Editing ${props.values.title || 'page'}`,
    // Every edit screen loads the editor script: the block editor, editing sessions and autosave.
    blockEditor: Boolean(props.extras),
    element: (
      <AdminShell user={adminUser(user)} csrfToken={csrfToken} section="pages">
        <EditScreen csrfToken={csrfToken} {...props} />
      </AdminShell>
    ),
  };
}

export function adminUser(user: Express.User): AdminUser {
  const name = `${user.first_name} ${user.last_name}`.trim();
  return { username: user.username, displayName: name || user.username, isSuperuser: user.is_superuser };
}
