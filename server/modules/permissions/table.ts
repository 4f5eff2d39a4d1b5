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

/** Model permissions a group holds (Wagtail's add_/change_/delete_/publish_<model> codenames). */
export const MODEL_PERMISSION_ACTIONS = ['add', 'change', 'delete', 'publish'] as const;
export type ModelPermissionAction = (typeof MODEL_PERMISSION_ACTIONS)[number];

export interface GroupModelPermissionTable {
  group_id: number;
  /** 'app_label.model_name', e.g. 'wagtailredirects.redirect'. */
  model: string;
  action: ModelPermissionAction;
}

/** Media permissions on a collection and its descendants (Wagtail's GroupCollectionPermission). */
export const COLLECTION_PERMISSION_TYPES = ['add', 'change', 'choose'] as const;
export type CollectionPermissionType = (typeof COLLECTION_PERMISSION_TYPES)[number];

export interface GroupCollectionPermissionTable {
  group_id: number;
  collection_id: number;
  permission: CollectionPermissionType;
}

/** This module's tables, merged into the database's type (server/database.ts). */
declare module '../../database' {
  interface Database {
    groups: GroupTable;
    user_groups: UserGroupTable;
    group_page_permissions: GroupPagePermissionTable;
    group_model_permissions: GroupModelPermissionTable;
    group_collection_permissions: GroupCollectionPermissionTable;
  }
}
