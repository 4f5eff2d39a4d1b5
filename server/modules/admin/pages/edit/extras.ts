import type { Db } from '../../../../db';
import type { EditExtras } from '../../../../../views/admin/EditScreen';
import { commentTargets, listComments } from '../../../comments/service';
import { loadDraft } from '../../../pages/edit-service';
import { lockMessage } from '../../../pages/lifecycle-service';
import { pagePlaceFinder } from '../../../pages/page-places';
import { pageTypeOf } from '../../../pages/page-types';
import type { Page } from '../../../pages/table';
import { translationOfPage, translationsOfSource } from '../../../translations/source-service';
import { blockEditorView } from './block-editor';
import { editorFieldViews, type EditorFieldsInput } from './editor-fields';
import { toLocalInput } from '../../../../../shared/admin/local-time';
import { currentAdminClock } from '../../clock';

const isoOrNull = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

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
  editorFields?: EditorFieldsInput,
): Promise<EditExtras> {
  const { draft } = await loadDraft(db, page.id);
  return {
    blockEditor: blockEditorView(pageTypeOf(page.page_type), draft.content, content?.json, content?.errors),
    editorFields: editorFieldViews(pageTypeOf(page.page_type), draft.content, editorFields),
    baseRevisionId: page.latest_revision_id,
    lock: page.locked ? { byMe: page.locked_by_id === userId, message: await lockMessage(db, page) } : null,
    // On the editor's wall clock: the inputs show, and are read back in, their own time zone.
    schedule: {
      ...(typed ?? {
        go_live_at: toLocalInput(page.go_live_at, currentAdminClock().timeZone),
        expire_at: toLocalInput(page.expire_at, currentAdminClock().timeZone),
      }),
      stored: { goLiveAt: isoOrNull(page.go_live_at), expireAt: isoOrNull(page.expire_at) },
      timeZone: currentAdminClock().timeZone,
    },
    live: page.live,
    publicUrl: page.live ? (await pagePlaceFinder(db)).of(page).publicUrl : null,
    hasChildren: page.numchild > 0,
    translations: await translationsView(db, page.id),
    comments: { targets: commentTargets(page, draft.content), comments: await listComments(db, page, draft.content) },
  };
}

async function translationsView(db: Db, pageId: number): Promise<NonNullable<EditExtras['translations']>> {
  const asTranslation = await translationOfPage(db, pageId);
  return {
    ofSource: await translationsOfSource(db, pageId),
    asTranslation: asTranslation
      ? {
          translationId: asTranslation.translationId,
          sourceTitle: asTranslation.sourcePage?.title ?? '',
          languageCode: asTranslation.languageCode,
        }
      : null,
  };
}
