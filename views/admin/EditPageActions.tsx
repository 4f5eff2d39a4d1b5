import type { ReactNode } from 'react';
import { scheduleSentences } from '../../shared/admin/schedule-words';
import { adminClock } from './format';
import type { BlockEditorView } from './BlockEditorMount';
import type { EditorFieldView } from './EditorFields';
import { CsrfField } from './CsrfField';
import type { ModerationView } from '../../shared/admin/moderation';
import type { CommentsPanelView } from './CommentsPanel';
import type { SourceTranslationsView } from '../../shared/admin/translations';

export type EditExtras = {
  baseRevisionId: number | null;
  /** Set when the page is locked: whether by the viewer, and the sentence saying by whom and when. */
  lock: { byMe: boolean; message: string } | null;
  /** The go-live and expiry inputs on the editor's wall clock, their zone, and the stored instants. */
  schedule: {
    go_live_at: string;
    expire_at: string;
    timeZone?: string;
    stored?: { goLiveAt: string | null; expireAt: string | null };
  };
  live: boolean;
  /** The live page's public URL (the header's "View live"); absent or null when not live or not served. */
  publicUrl?: string | null;
  hasChildren: boolean;
  /** The block editor, for page types with stream fields. */
  blockEditor: BlockEditorView | null;
  /** The page type's content fields edited as form fields (a form page's notification addresses). */
  editorFields?: EditorFieldView[];
  /** Moderation: the submission in progress and the viewer's review actions (absent in older callers). */
  moderation?: ModerationView;
  /** Page privacy: restricted itself or by an ancestor, and whether the viewer may change it ('privacy'). */
  privacy?: { isPrivate: boolean; canSet: boolean };
  /** After a stale-form refusal (409): offer 'Overwrite with my changes', saving as a draft or publishing. */
  staleOverwrite?: 'draft' | 'publish';
  /** Comments on the page's fields and blocks (views/admin/CommentsPanel.tsx). */
  comments?: CommentsPanelView;
  /** Translations: this page's translations (as a source) and, on a translated page, its editor. */
  translations?: {
    ofSource: SourceTranslationsView;
    asTranslation: { translationId: number; sourceTitle: string; languageCode: string } | null;
  };
};

/** The page's own screens (Wagtail's page header links): history, revisions, usage, children, privacy. */
export function EditPageActions({ pageId, extras }: { pageId: number; extras: EditExtras }) {
  const link = (href: string, label: string) => (
    <li>
      <a href={href}>{label}</a>
    </li>
  );
  return (
    <nav aria-label="Page actions" className="admin-page-actions">
      <ul>
        {extras.live && extras.publicUrl ? (
          <li>
            <a href={extras.publicUrl} target="_blank" rel="noopener" data-view-live>
              View live<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ) : null}
        {link(`/wagtail/pages/${pageId}/view_draft/`, 'View draft')}
        {link(`/wagtail/pages/${pageId}/history/`, 'History')}
        {link(`/wagtail/pages/${pageId}/revisions/`, 'Revisions')}
        {link(`/wagtail/pages/${pageId}/usage/`, 'Usage')}
        {link(`/wagtail/pages/add/${pageId}/`, 'Add child page')}
        {extras.privacy?.canSet ? link(`/wagtail/pages/${pageId}/privacy/`, 'Privacy') : null}
        {link(`/wagtail/localize/submit/page/${pageId}/`, 'Translate')}
        {extras.translations?.asTranslation
          ? link(
              `/wagtail/localize/translations/${extras.translations.asTranslation.translationId}/edit/`,
              `Translate from '${extras.translations.asTranslation.sourceTitle}' side by side`,
            )
          : null}
      </ul>
    </nav>
  );
}

/**
 * Preview in a new tab with the form as typed (nothing saved). After Save draft and Publish, so
 * Enter in a field never previews. In the page's 'More actions' menu when it has one.
 */
export function PreviewButton({ pageId, menuItem = false }: { pageId: number; menuItem?: boolean }) {
  return (
    <button
      type="submit"
      formAction={`/wagtail/pages/${pageId}/edit/preview/`}
      formTarget="_blank"
      formNoValidate
      className="admin-button admin-button--secondary"
      data-preview-button
      {...(menuItem ? { 'data-action-item': true } : {})}
    >
      Preview<span className="visually-hidden"> (opens in a new tab)</span>
    </button>
  );
}

/** The lock form's id: the action bar's Lock button sits inside the edit form and submits this one. */
export const LOCK_FORM_ID = 'page-lock-form';

/** Lock or unlock: an empty form outside the edit form (forms cannot nest), submitted from the action bar. */
export function LockForm({ pageId, locked, csrfToken }: { pageId: number; locked: boolean; csrfToken: string }) {
  return (
    <form
      id={LOCK_FORM_ID}
      method="post"
      action={`/wagtail/pages/${pageId}/${locked ? 'unlock' : 'lock'}/`}
      className="admin-inline-form"
    >
      <CsrfField token={csrfToken} />
    </form>
  );
}

/**
 * The page's other actions in the action bar, after Save draft (Wagtail's footer menu): plain
 * submit buttons and links in the HTML, which client/admin/edit-screen turns into one menu.
 * Each item is marked data-action-item; anything added here joins the menu as it is.
 */
export function MoreActions({
  pageId,
  extras,
  submitButton,
  previewButton,
}: {
  pageId: number;
  extras: EditExtras;
  submitButton: ReactNode;
  /** Preview in a new tab: in the menu, so the bar keeps to one row on a phone. */
  previewButton?: ReactNode;
}) {
  const link = (href: string, label: string) => (
    <a href={href} className="admin-button admin-button--secondary" data-action-item>
      {label}
    </a>
  );
  return (
    <div className="admin-action-bar__more" data-action-menu>
      {/* Wagtail shows Publish only to those who may publish; the others submit for moderation. */}
      {extras.moderation?.canPublish === false ? null : (
        <button
          type="submit"
          name="action-publish"
          value="action-publish"
          className="admin-button admin-button--primary"
          data-action-item
        >
          Publish
        </button>
      )}
      {submitButton}
      {previewButton}
      {link('#schedule', 'Schedule')}
      {extras.live ? link(`/wagtail/pages/${pageId}/unpublish/`, 'Unpublish') : null}
      {link(`/wagtail/pages/${pageId}/move/`, 'Move')}
      {link(`/wagtail/pages/${pageId}/copy/`, 'Copy')}
      <button type="submit" form={LOCK_FORM_ID} className="admin-button admin-button--secondary" data-action-item>
        {extras.lock ? 'Unlock' : 'Lock'}
      </button>
      <a href={`/wagtail/pages/${pageId}/delete/`} className="admin-button admin-button--danger" data-action-item>
        Delete
      </a>
    </div>
  );
}

/** The lock banner: the holder is reminded; everyone else is told who locked it and when. */
export function LockBanner({ lock }: { lock: EditExtras['lock'] }) {
  if (!lock) return null;
  return (
    <div className={lock.byMe ? 'admin-message' : 'admin-warning'} role="status" data-testid="lock-banner">
      <p>
        {lock.byMe ? "You have locked this page: others can't save or publish it until you unlock it." : lock.message}
      </p>
    </div>
  );
}

/**
 * Go-live and expiry (Wagtail's settings tab), applied when publishing, typed on the editor's own
 * clock (their account's time zone, or the site's) and stored in UTC. The sentences say when the
 * page goes live in words; with JavaScript the fields open in a dialog from the action bar's
 * Schedule (client/admin/schedule-dialog.ts), which rewrites the sentences as they are typed.
 */
export function ScheduleFields({ schedule }: { schedule: EditExtras['schedule'] }) {
  const clock = adminClock();
  const timeZone = schedule.timeZone ?? clock.timeZone;
  const sentences = scheduleSentences(schedule, { ...clock, timeZone }, new Date());
  const zone = timeZone.replace(/_/g, ' ');
  return (
    <fieldset
      className="admin-fieldset admin-schedule"
      id="schedule"
      tabIndex={-1}
      data-schedule
      data-time-zone={timeZone}
      data-locale={clock.locale}
      aria-describedby="schedule-status"
    >
      <legend>Scheduled publishing</legend>
      <div id="schedule-status" className="admin-schedule__status" aria-live="polite" data-schedule-status>
        <p data-schedule-go-live>{sentences.goLive}</p>
        <p data-schedule-expiry>{sentences.expiry}</p>
      </div>
      <div className="admin-field">
        <label htmlFor="id_go_live_at">{`Go-live date and time (${zone})`}</label>
        <input
          type="datetime-local"
          id="id_go_live_at"
          name="go_live_at"
          defaultValue={schedule.go_live_at}
          aria-describedby="id_go_live_at-help"
        />
        <p className="admin-field__help" id="id_go_live_at-help">
          {`In your time zone, ${zone} (change it in your account). Publishing with a future time schedules the page instead of publishing it now.`}
        </p>
      </div>
      <div className="admin-field">
        <label htmlFor="id_expire_at">{`Expiry date and time (${zone})`}</label>
        <input type="datetime-local" id="id_expire_at" name="expire_at" defaultValue={schedule.expire_at} />
      </div>
    </fieldset>
  );
}
