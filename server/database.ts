import type { ModelLogEntryTable, PageLogEntryTable } from './modules/audit/table';
import type { CollectionTable } from './modules/collections/table';
import type { EmbedTable } from './modules/embeds/table';
import type { IdempotencyKeyTable } from './modules/idempotency/table';
import type { ReferenceIndexTable } from './modules/references/table';
import type { ObjectRevisionTable } from './modules/revisions/table';
import type { SiteSettingTable } from './modules/site-settings/table';
import type { EditingSessionTable } from './modules/editing-sessions/table';
import type { JobTable } from './modules/jobs/table';
import type {
  CaptchaSolutionTable,
  ConsentEvidenceTable,
  ConsentRecordTable,
  FormSubmissionTable,
  SignupRequestTable,
  SubscriberTable,
} from './modules/forms/table';
import type { RedirectImportTable, RedirectTable } from './modules/redirects/table';
import type { DocumentTable } from './modules/documents/table';
import type { VideoTable, VideoTextTrackTable } from './modules/videos/table';
import type { ImageRenditionFailureTable, ImageRenditionTable, ImageTable } from './modules/images/table';
import type { UploadSlotTable } from './modules/upload-slots/table';
import type { LocationTable } from './modules/locations/table';
import type { WorkflowStateTable } from './modules/moderation/table';
import type { PageCommentReplyTable, PageCommentTable } from './modules/comments/table';
import type {
  WorkflowPageTable,
  WorkflowTable,
  WorkflowTaskGroupTable,
  WorkflowTaskStateTable,
  WorkflowTaskTable,
  WorkflowWorkflowTaskTable,
} from './modules/workflows/table';
import type { SiteSnippetTable } from './modules/navigation/table';
import type { SnippetChromeTable, SnippetCountryTable, SnippetToolboxTable } from './modules/snippets/table';
import type {
  GroupCollectionPermissionTable,
  GroupModelPermissionTable,
  GroupPagePermissionTable,
  GroupTable,
  UserGroupTable,
} from './modules/permissions/table';
import type { PasswordResetTokenTable } from './modules/account/table';
import type {
  CollectionViewRestrictionGroupTable,
  CollectionViewRestrictionTable,
  PageViewRestrictionGroupTable,
  PageViewRestrictionTable,
} from './modules/privacy/table';
import type { PageRevisionTable, PageTable } from './modules/pages/table';
import type { RateLimitTable } from './modules/rate-limits/table';
import type { SessionTable } from './modules/sessions/table';
import type { LocaleTable, SiteTable } from './modules/sites/table';
import type { UserTable } from './modules/users/table';
import type {
  GroupWaitlistPermissionTable,
  ReservationTable,
  WaitlistEntryEventTable,
  WaitlistEntryTable,
  WaitlistSettingsTable,
} from './modules/waitlist/table';

/** Every table Kysely knows, assembled from the modules' table.ts files. */
export interface Database {
  locales: LocaleTable;
  sites: SiteTable;
  pages: PageTable;
  page_revisions: PageRevisionTable;
  users: UserTable;
  sessions: SessionTable;
  rate_limits: RateLimitTable;
  images: ImageTable;
  image_renditions: ImageRenditionTable;
  image_rendition_failures: ImageRenditionFailureTable;
  upload_slots: UploadSlotTable;
  documents: DocumentTable;
  videos: VideoTable;
  video_text_tracks: VideoTextTrackTable;
  locations: LocationTable;
  site_snippets: SiteSnippetTable;
  snippet_countries: SnippetCountryTable;
  snippet_navigation: SnippetChromeTable;
  snippet_footers: SnippetChromeTable;
  snippet_toolboxes: SnippetToolboxTable;
  page_log_entries: PageLogEntryTable;
  redirects: RedirectTable;
  jobs: JobTable;
  groups: GroupTable;
  user_groups: UserGroupTable;
  group_page_permissions: GroupPagePermissionTable;
  password_reset_tokens: PasswordResetTokenTable;
  workflow_states: WorkflowStateTable;
  workflows: WorkflowTable;
  workflow_tasks: WorkflowTaskTable;
  workflow_task_groups: WorkflowTaskGroupTable;
  workflow_workflow_tasks: WorkflowWorkflowTaskTable;
  workflow_pages: WorkflowPageTable;
  workflow_task_states: WorkflowTaskStateTable;
  page_comments: PageCommentTable;
  page_comment_replies: PageCommentReplyTable;
  editing_sessions: EditingSessionTable;
  page_view_restrictions: PageViewRestrictionTable;
  page_view_restriction_groups: PageViewRestrictionGroupTable;
  collection_view_restrictions: CollectionViewRestrictionTable;
  collection_view_restriction_groups: CollectionViewRestrictionGroupTable;
  model_log_entries: ModelLogEntryTable;
  object_revisions: ObjectRevisionTable;
  group_model_permissions: GroupModelPermissionTable;
  group_collection_permissions: GroupCollectionPermissionTable;
  redirect_imports: RedirectImportTable;
  collections: CollectionTable;
  site_settings: SiteSettingTable;
  reference_index: ReferenceIndexTable;
  embeds: EmbedTable;
  form_submissions: FormSubmissionTable;
  subscribers: SubscriberTable;
  consent_records: ConsentRecordTable;
  captcha_solutions: CaptchaSolutionTable;
  signup_requests: SignupRequestTable;
  consent_evidence: ConsentEvidenceTable;
  waitlist_settings: WaitlistSettingsTable;
  waitlist_entries: WaitlistEntryTable;
  waitlist_entry_events: WaitlistEntryEventTable;
  reservations: ReservationTable;
  group_waitlist_permissions: GroupWaitlistPermissionTable;
  idempotency_keys: IdempotencyKeyTable;
}
