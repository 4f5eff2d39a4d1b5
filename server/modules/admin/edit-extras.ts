import type { Db } from '../../db';
import { scheduleFormSchema } from '../../../shared/schemas/page-actions';
import type { Schedule } from '../pages/schedule-service';
import { lockMessage } from '../pages/lifecycle-service';
import type { Page } from '../pages/table';
import type { EditExtras } from '../../../views/admin/EditScreen';
import { loadDraft } from '../pages/edit-service';
import { pageTypeOf } from '../pages/page-types';
import { blockEditorView } from './block-editor-data';

const localInput = (value: Date | string | null) => (value ? new Date(value).toISOString().slice(0, 16) : '');

/**
 * What the edit screen shows beyond the fields: the lock (who and when), the revision the form
 * is based on (for the stale-form check), the schedule, and the page's action links.
 */
export async function editExtras(
  db: Db,
  page: Page,
  userId: number,
  typed?: { go_live_at: string; expire_at: string },
  content?: { json?: string; errors: Record<string, string[]> },
): Promise<EditExtras> {
  const { draft } = await loadDraft(db, page.id);
  return {
    blockEditor: blockEditorView(pageTypeOf(page.page_type), draft.content, content?.json, content?.errors),
    baseRevisionId: page.latest_revision_id,
    lock: page.locked ? { byMe: page.locked_by_id === userId, message: await lockMessage(db, page) } : null,
    schedule: typed ?? { go_live_at: localInput(page.go_live_at), expire_at: localInput(page.expire_at) },
    live: page.live,
    hasChildren: page.numchild > 0,
  };
}

export type EditSubmission =
  | { ok: true; schedule: Schedule; baseRevisionId: number | null | undefined; typed: { go_live_at: string; expire_at: string } }
  | { ok: false; errors: string[]; typed: { go_live_at: string; expire_at: string } };

/** The edit form's fields beyond the page's own: go-live, expiry and the base revision id. */
export function parseEditSubmission(body: Record<string, unknown>): EditSubmission {
  const typed = {
    go_live_at: typeof body.go_live_at === 'string' ? body.go_live_at.slice(0, 40) : '',
    expire_at: typeof body.expire_at === 'string' ? body.expire_at.slice(0, 40) : '',
  };
  const schedule = scheduleFormSchema.safeParse(typed);
  if (!schedule.success) {
    return { ok: false, typed, errors: schedule.error.issues.map((issue) => `${issue.path[0] === 'expire_at' ? 'Expiry' : 'Go-live'}: ${issue.message}`) };
  }
  return { ok: true, typed, schedule: { goLiveAt: schedule.data.go_live_at, expireAt: schedule.data.expire_at }, baseRevisionId: parseBaseRevision(body) };
}

/** The revision the form was opened on. Absent: a client that does not send it (no stale check); empty: the page had no revision. */
export function parseBaseRevision(body: Record<string, unknown>): number | null | undefined {
  const rawBase = typeof body.base_revision_id === 'string' ? body.base_revision_id : undefined;
  return rawBase === undefined ? undefined : /^\d{1,10}$/.test(rawBase) ? Number(rawBase) : null;
}
