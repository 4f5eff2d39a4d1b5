import type { Migration } from 'kysely';
import * as workflowsTasks from './2026_11_26_200000_workflows_tasks';
import * as idempotencyKeys from './2026_11_28_300000_idempotency_keys';
import * as signupConfirmation from './2026_11_29_410000_signup_confirmation';
import * as locationsRegionIndex from './2026_11_29_520000_locations_region_index';
import * as accessibilityReports from './2026_11_29_610000_accessibility_reports';
import * as pageTranslations from './2026_11_29_700000_page_translations';
import * as translationImports from './2026_11_29_710000_translation_imports';
import * as pageSearchVectors from './2026_11_29_800000_page_search_vectors';
import * as userTimeZone from './2026_11_29_800000_user_time_zone';
import * as mediaTags from './2026_11_29_830000_media_tags';
import * as snippetTranslations from './2026_11_29_900000_snippet_translations';
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
import * as rateLimits from './2026_11_23_100100_rate_limits';
import * as adminViewset from './2026_11_23_500000_admin_viewset';
import * as snippets from './2026_11_24_100000_snippets';
import * as createDocuments from './2026_11_24_200100_create_documents';
import * as referenceIndex from './2026_11_23_900000_reference_index';
import * as forms from './2026_11_24_300000_forms';
import * as waitlistReservations from './2026_11_24_400000_waitlist_reservations';
import * as reportIndexes from './2026_11_26_100000_report_indexes';
import * as mediaVersions from './2026_11_24_200200_media_versions';
import * as imagesLibrary from './2026_11_24_200300_images_library';
import * as collectionViewRestrictions from './2026_11_26_500000_collection_view_restrictions';
import * as guestMessageLanguage from './2026_11_26_600000_guest_message_language';
import * as pageComments from './2026_11_27_400000_page_comments';
import * as locationUnitVectors from './2026_11_28_100000_location_unit_vectors';
import * as locationCells from './2026_11_28_200000_location_cells';
import * as videos from './2026_11_27_100000_videos';
import * as uploadSlotsRenditionFailures from './2026_11_29_120000_upload_slots_rendition_failures';

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
  '2026_11_23_100100_rate_limits': rateLimits,
  '2026_11_23_500000_admin_viewset': adminViewset,
  '2026_11_24_100000_snippets': snippets,
  '2026_11_24_200100_create_documents': createDocuments,
  '2026_11_23_900000_reference_index': referenceIndex,
  '2026_11_24_300000_forms': forms,
  '2026_11_24_400000_waitlist_reservations': waitlistReservations,
  '2026_11_24_200200_media_versions': mediaVersions,
  '2026_11_24_200300_images_library': imagesLibrary,
  '2026_11_26_100000_report_indexes': reportIndexes,
  '2026_11_26_200000_workflows_tasks': workflowsTasks,
  '2026_11_26_500000_collection_view_restrictions': collectionViewRestrictions,
  '2026_11_26_600000_guest_message_language': guestMessageLanguage,
  '2026_11_27_400000_page_comments': pageComments,
  '2026_11_27_100000_videos': videos,
  '2026_11_28_100000_location_unit_vectors': locationUnitVectors,
  '2026_11_28_200000_location_cells': locationCells,
  '2026_11_28_300000_idempotency_keys': idempotencyKeys,
  '2026_11_29_120000_upload_slots_rendition_failures': uploadSlotsRenditionFailures,
  '2026_11_29_410000_signup_confirmation': signupConfirmation,
  '2026_11_29_520000_locations_region_index': locationsRegionIndex,
  '2026_11_29_610000_accessibility_reports': accessibilityReports,
  '2026_11_29_700000_page_translations': pageTranslations,
  '2026_11_29_710000_translation_imports': translationImports,
  '2026_11_29_800000_page_search_vectors': pageSearchVectors,
  '2026_11_29_800000_user_time_zone': userTimeZone,
  '2026_11_29_830000_media_tags': mediaTags,
  '2026_11_29_900000_snippet_translations': snippetTranslations,
};
