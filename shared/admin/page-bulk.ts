import type { BulkActionName } from '../schemas/page-bulk';

export type BulkPlanRow = { id: number; title: string; note?: string };
export type BulkSkip = { id: number; title: string; reason: string };

/** What a bulk action will do: the pages it acts on, and those it skips (permission, state), apart. */
export type BulkPlan = {
  action: BulkActionName;
  act: BulkPlanRow[];
  skippedByPermission: BulkSkip[];
  skippedByState: BulkSkip[];
  /** Selected ids that name no page (deleted meanwhile, or mistyped). */
  missing: number[];
  /** Move: the chosen new parent. */
  destination?: { id: number; title: string };
};

export type BulkOutcome = { id: number; title: string; ok: boolean; message?: string };

/** The confirmation screen of a bulk action. */
export type BulkConfirmView = BulkPlan & {
  /** Where to come back to (the listing the pages were selected on). */
  next: string;
  /** Move without a destination yet: where the pages may go. */
  destinations?: Array<{ id: number; title: string; depth: number }>;
  errors: string[];
};
