import type { BlockEditorView } from './BlockEditorMount';
import { CsrfField } from './CsrfField';
import type { ModerationView } from './ModerationPanel';

export type EditExtras = {
  baseRevisionId: number | null;
  /** Set when the page is locked: whether by the viewer, and the sentence saying by whom and when. */
  lock: { byMe: boolean; message: string } | null;
  schedule: { go_live_at: string; expire_at: string };
  live: boolean;
  hasChildren: boolean;
  /** The block editor, for page types with stream fields. */
  blockEditor: BlockEditorView | null;
  /** Moderation: the submission in progress and the viewer's review actions (absent in older callers). */
  moderation?: ModerationView;
  /** Page privacy: restricted itself or by an ancestor, and whether the viewer may change it ('privacy'). */
  privacy?: { isPrivate: boolean; canSet: boolean };
  /** After a stale-form refusal (409): offer 'Overwrite with my changes', saving as a draft or publishing. */
  staleOverwrite?: 'draft' | 'publish';
};

/** The page's other actions (Wagtail's page header menu), as plain links and POST buttons. */
export function EditPageActions({ pageId, extras, csrfToken }: { pageId: number; extras: EditExtras; csrfToken: string }) {
  const link = (href: string, label: string) => (
    <li>
      <a href={href}>{label}</a>
    </li>
  );
  return (
    <nav aria-label="Page actions" className="admin-page-actions">
      <ul>
        {link(`/wagtail/pages/${pageId}/view_draft/`, 'View draft')}
        {link(`/wagtail/pages/${pageId}/history/`, 'History')}
        {link(`/wagtail/pages/${pageId}/revisions/`, 'Revisions')}
        {link(`/wagtail/pages/add/${pageId}/`, 'Add child page')}
        {link(`/wagtail/pages/${pageId}/move/`, 'Move')}
        {link(`/wagtail/pages/${pageId}/copy/`, 'Copy')}
        {extras.live ? link(`/wagtail/pages/${pageId}/unpublish/`, 'Unpublish') : null}
        {extras.privacy?.canSet ? link(`/wagtail/pages/${pageId}/privacy/`, 'Privacy') : null}
        {link(`/wagtail/pages/${pageId}/delete/`, 'Delete')}
        <li>
          <form method="post" action={`/wagtail/pages/${pageId}/${extras.lock ? 'unlock' : 'lock'}/`} className="admin-inline-form">
            <CsrfField token={csrfToken} />
            <button type="submit" className="admin-button admin-button--secondary">
              {extras.lock ? 'Unlock' : 'Lock'}
            </button>
          </form>
        </li>
      </ul>
    </nav>
  );
}

/** The lock banner: the holder is reminded; everyone else is told who locked it and when. */
export function LockBanner({ lock }: { lock: EditExtras['lock'] }) {
  if (!lock) return null;
  return (
    <div className={lock.byMe ? 'admin-message' : 'admin-warning'} role="status" data-testid="lock-banner">
      <p>{lock.byMe ? "You have locked this page: others can't save or publish it until you unlock it." : lock.message}</p>
    </div>
  );
}

/** Go-live and expiry (Wagtail's settings tab), applied when publishing. Times are UTC. */
export function ScheduleFields({ schedule }: { schedule: EditExtras['schedule'] }) {
  return (
    <fieldset className="admin-fieldset">
      <legend>Scheduled publishing (UTC)</legend>
      <div className="admin-field">
        <label htmlFor="id_go_live_at">Go-live date/time</label>
        <input type="datetime-local" id="id_go_live_at" name="go_live_at" defaultValue={schedule.go_live_at} aria-describedby="id_go_live_at-help" />
        <p className="admin-field__help" id="id_go_live_at-help">
          Publishing with a future time schedules the page instead of publishing it now.
        </p>
      </div>
      <div className="admin-field">
        <label htmlFor="id_expire_at">Expiry date/time</label>
        <input type="datetime-local" id="id_expire_at" name="expire_at" defaultValue={schedule.expire_at} />
      </div>
    </fieldset>
  );
}
