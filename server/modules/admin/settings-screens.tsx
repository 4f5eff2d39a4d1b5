import type { ReactElement } from 'react';
import { AdminShell, type AdminShellProps } from '../../../views/admin/AdminShell';
import { adminUser, type Screen } from './screens';

type Chrome = { user: Express.User; csrfToken: string };

/** A settings screen (users, groups, sites, account) inside the admin shell. */
export function settingsScreen({ user, csrfToken }: Chrome, section: AdminShellProps['section'], title: string, element: ReactElement): Screen {
  return {
    title,
    element: (
      <AdminShell user={adminUser(user)} csrfToken={csrfToken} section={section}>
        {element}
      </AdminShell>
    ),
  };
}
