import type { ColumnType, Generated, Selectable } from 'kysely';

/** The page permissions a group can hold on a page and its subtree (Wagtail's GroupPagePermission). */
export const PAGE_PERMISSION_TYPES = ['add', 'change', 'publish', 'bulk_delete', 'lock', 'unlock'] as const;
export type PagePermissionType = (typeof PAGE_PERMISSION_TYPES)[number];

export interface GroupTable {
  id: Generated<number>;
  name: string;
  /** Wagtail's 'wagtailadmin.access_admin' permission: may sign in to the back office. */
  can_access_admin: Generated<boolean>;
}

export interface UserGroupTable {
  user_id: number;
  group_id: number;
}

export interface GroupPagePermissionTable {
  id: Generated<number>;
  group_id: number;
  page_id: number;
  permission_type: PagePermissionType;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export type Group = Selectable<GroupTable>;
export type GroupPagePermission = Selectable<GroupPagePermissionTable>;
