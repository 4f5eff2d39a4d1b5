import { PING_INTERVAL_MS } from '../../shared/schemas/editing-sessions';

/** How long after the last keystroke the editor saves a draft by itself. */
export const AUTOSAVE_DELAY_MS = 2000;

/**
 * Where client/admin/editing-sessions.tsx mounts the presence panel and the autosave status.
 * Empty without JavaScript (nothing to show: no pings, no autosave). The intervals are data
 * attributes so a browser test can shorten them; the defaults are Wagtail's 10 s ping.
 */
export function EditingSessionsMount({ pageId }: { pageId: number }) {
  return (
    <div
      id="editing-sessions"
      className="admin-editing-sessions"
      data-page-id={pageId}
      data-ping-url={`/wagtail/editing-sessions/ping/pages/${pageId}/`}
      data-release-url="/wagtail/editing-sessions/release/"
      data-autosave-url={`/wagtail/pages/${pageId}/edit/autosave/`}
      data-token-url="/wagtail/editing-sessions/csrf-token/"
      data-ping-interval={PING_INTERVAL_MS}
      data-autosave-delay={AUTOSAVE_DELAY_MS}
    />
  );
}

/**
 * After a stale-form refusal (409), the no-JavaScript way to save anyway: a submit button that
 * carries the overwrite flag. Placed after Save draft and Publish so Enter in a field never
 * overwrites; the newer version stays in the page's revisions.
 */
export function StaleOverwriteChoice({ as }: { as: 'draft' | 'publish' }) {
  return (
    <div className="admin-warning" data-testid="stale-overwrite">
      <p id="stale-overwrite-help">
        {`Someone saved a newer version of this page while you were editing. You can replace it with what is in this form ${as === 'publish' ? 'and publish it' : 'as a draft'}; the newer version stays in the page's revisions. Or reload the page to see the newer version first.`}
      </p>
      <button
        type="submit"
        name="overwrite"
        value={as}
        className="admin-button admin-button--secondary"
        aria-describedby="stale-overwrite-help"
      >
        Overwrite with my changes
      </button>
    </div>
  );
}
