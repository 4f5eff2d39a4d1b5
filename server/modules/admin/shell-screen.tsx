import type { ReactElement } from 'react';
import { AdminShell } from '../../../views/admin/AdminShell';
import type { Screen } from './screens';

export type Chrome = { user: Express.User; csrfToken: string };

/** Any page screen inside the admin shell (the pages section), for the lifecycle and revision routes. */
export function pagesScreen({ user, csrfToken }: Chrome, title: string, element: ReactElement): Screen {
  const name = `${user.first_name} ${user.last_name}`.trim();
  return {
    title,
    element: (
      <AdminShell user={{ username: user.username, displayName: name || user.username }} csrfToken={csrfToken} section="pages">
        {element}
      </AdminShell>
    ),
  };
}
