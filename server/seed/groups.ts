import type { Db } from '../db';
import { findGroupByName, replaceGroupPagePermissions } from '../modules/permissions/groups-repo';
import type { PagePermissionType } from '../modules/permissions/table';

// As Wagtail's initial data: moderators publish, editors only draft; both on the site's home page.
const DEFAULT_GRANTS: Record<string, PagePermissionType[]> = {
  Moderators: ['add', 'change', 'publish', 'lock', 'unlock'],
  Editors: ['add', 'change'],
};

/** Grants the migration-created 'Moderators' and 'Editors' groups their permissions on a home page. */
export async function seedGroupPermissions(db: Db, homePageId: number): Promise<void> {
  for (const [name, types] of Object.entries(DEFAULT_GRANTS)) {
    const group = await findGroupByName(db, name);
    if (!group) continue; // an operator removed the group: respect that
    await replaceGroupPagePermissions(db, group.id, types.map((permission_type) => ({ page_id: homePageId, permission_type })));
  }
}
