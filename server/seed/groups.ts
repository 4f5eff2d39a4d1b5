import type { Db } from '../db';
import { findGroupByName, insertGroup, replaceGroupPagePermissions } from '../modules/permissions/groups-repo';
import type { PagePermissionType } from '../modules/permissions/table';
import { assignPageIfUnassigned, findWorkflowByName } from '../modules/workflows/repo';

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
    await replaceGroupPagePermissions(
      db,
      group.id,
      types.map((permission_type) => ({ page_id: homePageId, permission_type })),
    );
  }
}

/**
 * Assigns the migration-created 'Moderators approval' workflow to the root page (Wagtail's
 * initial data does the same), unless the root already has a workflow. On a fresh database the
 * migration ran before the root page existed, so the seed does it.
 */
export async function seedDefaultWorkflowAssignment(db: Db, rootPageId: number): Promise<void> {
  const workflow = await findWorkflowByName(db, 'Moderators approval');
  if (workflow) await assignPageIfUnassigned(db, rootPageId, workflow.id);
}

/**
 * The demo's 'Translators' group: admin access, and add, change and publish on the Canada site's
 * French home only, so its members create and publish French translations of English pages
 * (docs/decisions/2026-11-29-page-translation.md) and touch nothing else.
 */
export async function seedTranslatorsGroup(db: Db, frenchHomeId: number): Promise<void> {
  const group =
    (await findGroupByName(db, 'Translators')) ??
    (await insertGroup(db, { name: 'Translators', can_access_admin: true }));
  await replaceGroupPagePermissions(
    db,
    group.id,
    (['add', 'change', 'publish'] as const).map((permission_type) => ({ page_id: frenchHomeId, permission_type })),
  );
}
