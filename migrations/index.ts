import type { Migration } from 'kysely';
import * as createCore from './2026_11_22_000100_create_core';
import * as createImages from './2026_11_22_000200_create_images';
import * as createLocations from './2026_11_22_000300_create_locations';
import * as adminAccounts from './2026_11_22_000400_admin_accounts';
import * as createSiteSnippets from './2026_11_22_000500_create_site_snippets';
import * as groupsPermissions from './2026_11_22_000600_groups_permissions';
import * as passwordResetTokens from './2026_11_22_000610_password_reset_tokens';
import * as auditLog from './2026_11_22_000700_audit_log';
import * as pageViewRestrictions from './2026_11_22_000800_page_view_restrictions';
import * as locationsUniqueRestaurantNumber from './2026_11_22_000900_locations_unique_restaurant_number';
import * as editingSessions from './2026_11_22_000810_editing_sessions';
import * as workflowStates from './2026_11_22_000820_workflow_states';

/**
 * Every migration, by name. Listed explicitly (not read from the folder) so the production
 * bundle carries them and the order is visible in review. Names sort in date order.
 */
export const migrations: Record<string, Migration> = {
  '2026_11_22_000100_create_core': createCore,
  '2026_11_22_000200_create_images': createImages,
  '2026_11_22_000300_create_locations': createLocations,
  '2026_11_22_000400_admin_accounts': adminAccounts,
  '2026_11_22_000500_create_site_snippets': createSiteSnippets,
  '2026_11_22_000600_groups_permissions': groupsPermissions,
  '2026_11_22_000610_password_reset_tokens': passwordResetTokens,
  '2026_11_22_000700_audit_log': auditLog,
  '2026_11_22_000800_page_view_restrictions': pageViewRestrictions,
  '2026_11_22_000810_editing_sessions': editingSessions,
  '2026_11_22_000820_workflow_states': workflowStates,
  '2026_11_22_000900_locations_unique_restaurant_number': locationsUniqueRestaurantNumber,
};
