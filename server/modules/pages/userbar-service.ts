import type { Db } from '../../db';
import type { UserbarView } from '../../../shared/schemas/userbar';
import type { UserPagePermissions } from '../permissions/policy';
import { findSiteForHost } from '../sites/repo';
import { STEP_LENGTH } from '../../tree-path';
import { liveReads } from './live-reads';
import { findPageByPath } from './repo';
import { loadSiteTree, splitLocalePrefix, urlPathFor } from './site-tree';

/**
 * The staff userbar's links for one public address (Wagtail's userbar): edit this page and its
 * accessibility checks when the user may change it, and the page in the explorer (its parent's
 * listing, where its row menu is) when they may see it; else the admin's dashboard.
 */
export async function userbarFor(
  db: Db,
  permissions: UserPagePermissions,
  host: { hostname: string; port: number },
  path: string,
): Promise<UserbarView> {
  const site = await findSiteForHost(db, host.hostname, host.port);
  const none: UserbarView = { page: null, editUrl: null, adminUrl: '/wagtail/', checksUrl: null };
  if (!site) return none;
  const tree = await loadSiteTree(db, site);
  const { root, rest } = splitLocalePrefix(tree, safeDecode(path));
  const page = await liveReads(db).findLivePage(urlPathFor(root, rest), root.page.path);
  if (!page) return none;
  const canEdit = permissions.can('change', page);
  const parent = await findPageByPath(db, page.path.slice(0, -STEP_LENGTH));
  const explorer = parent && parent.depth > 1 ? `/wagtail/pages/${parent.id}/` : '/wagtail/pages/';
  return {
    page: { id: page.id, title: page.title },
    editUrl: canEdit ? `/wagtail/pages/${page.id}/edit/` : null,
    adminUrl: permissions.can('view', page) ? explorer : '/wagtail/',
    checksUrl: canEdit ? `/wagtail/pages/${page.id}/edit/#checks` : null,
  };
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
