import type { PageLogEntryTable } from './modules/audit/table';
import type { EditingSessionTable } from './modules/editing-sessions/table';
import type { LoginAttemptTable } from './modules/auth/table';
import type { JobTable } from './modules/jobs/table';
import type { RedirectTable } from './modules/redirects/table';
import type { ImageRenditionTable, ImageTable } from './modules/images/table';
import type { LocationTable } from './modules/locations/table';
import type { WorkflowStateTable } from './modules/moderation/table';
import type { SiteSnippetTable } from './modules/navigation/table';
import type { GroupPagePermissionTable, GroupTable, UserGroupTable } from './modules/permissions/table';
import type { PasswordResetTokenTable } from './modules/account/table';
import type { PageViewRestrictionGroupTable, PageViewRestrictionTable } from './modules/privacy/table';
import type { PageRevisionTable, PageTable } from './modules/pages/table';
import type { SessionTable } from './modules/sessions/table';
import type { LocaleTable, SiteTable } from './modules/sites/table';
import type { UserTable } from './modules/users/table';

/** Every table Kysely knows, assembled from the modules' table.ts files. */
export interface Database {
  locales: LocaleTable;
  sites: SiteTable;
  pages: PageTable;
  page_revisions: PageRevisionTable;
  users: UserTable;
  sessions: SessionTable;
  login_attempts: LoginAttemptTable;
  images: ImageTable;
  image_renditions: ImageRenditionTable;
  locations: LocationTable;
  site_snippets: SiteSnippetTable;
  page_log_entries: PageLogEntryTable;
  redirects: RedirectTable;
  jobs: JobTable;
  groups: GroupTable;
  user_groups: UserGroupTable;
  group_page_permissions: GroupPagePermissionTable;
  password_reset_tokens: PasswordResetTokenTable;
  workflow_states: WorkflowStateTable;
  editing_sessions: EditingSessionTable;
  page_view_restrictions: PageViewRestrictionTable;
  page_view_restriction_groups: PageViewRestrictionGroupTable;
}
