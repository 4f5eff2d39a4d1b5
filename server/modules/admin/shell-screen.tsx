import type { ReactElement } from 'react';
import { AdminShell } from '../../../views/admin/AdminShell';
import { adminUser, type Screen } from './screens';

export type Chrome = { user: Express.User; csrfToken: string };

/** Any page screen inside the admin shell (the pages section), for the lifecycle and revision routes. */
export function pagesScreen({ user, csrfToken }: Chrome, title: string, element: ReactElement): Screen {
  return {
    title,
    element: (
      <AdminShell user={adminUser(user)} csrfToken={csrfToken} section="pages">
        {element}
      </AdminShell>
    ),
  };
}
