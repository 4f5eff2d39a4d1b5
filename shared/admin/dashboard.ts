import type { ExplorerRow } from './explorer';
import type { PendingModeration } from './moderation';

export type DashboardPending = PendingModeration & { pageId: number; title: string; canCancel: boolean };
export type DashboardLockedPage = { id: number; title: string; lockedAt: string | null };

/** The dashboard's moderation panels (Wagtail's home panels of the same names). */
export type ModerationPanels = {
  /** 'Awaiting your review': submissions whose current task the user may do (one of their groups'). */
  awaitingReview: DashboardPending[];
  /** 'Your pages in moderation': the user's own submissions still in progress. */
  yourModeration: DashboardPending[];
};

/** The dashboard's page panels: the user's own work. */
export type PagePanels = {
  /** 'Your locked pages'. */
  lockedPages: DashboardLockedPage[];
  /** The user's own latest saves, one per page. */
  recentEdits: Array<{ revisionId: number; pageId: number; title: string; at: string }>;
  /** Pages whose unpublished latest revision is the user's. */
  yourDrafts: ExplorerRow[];
  yourPages: ExplorerRow[];
  /** 'Scheduled': revisions waiting for their go-live time on pages the user may edit. */
  scheduled: ScheduledItem[];
};

/** A revision approved for a go-live time; `canUnschedule` with 'publish' on the page. */
export type ScheduledItem = {
  pageId: number;
  revisionId: number;
  title: string;
  goLiveAt: string;
  live: boolean;
  canUnschedule: boolean;
};

/** The to-do panels drawn above the page lists: moderation and locks. */
export type DashboardPanels = ModerationPanels & Pick<PagePanels, 'lockedPages'>;

export type DashboardView = ModerationPanels &
  PagePanels & {
    /** A message from the previous action (an approval from the dashboard). */
    message?: string;
  };
