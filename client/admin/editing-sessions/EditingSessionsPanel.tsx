import { useSyncExternalStore } from 'react';
import { Button, Dialog, Heading, Modal } from 'react-aria-components';
import type { OtherSession } from '../../../shared/schemas/editing-sessions';
import type { AutosaveStatus, EditingSessionController } from './controller';

const time = (date: Date | number) => new Date(date).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** What one other editor is doing, in Wagtail's words. */
function describe(other: OtherSession, base: number | null): string {
  const name = other.user.is_you ? `${other.user.name} (you, in another window)` : other.user.name;
  if (other.revision_id !== null && (base === null || other.revision_id > base)) return `${name} saved a new version`;
  if (other.is_editing) return `${name} has unsaved changes`;
  return `${name}: Currently viewing`;
}

function AutosaveMessage({ status }: { status: AutosaveStatus }) {
  switch (status.kind) {
    case 'none':
      return null;
    case 'saved':
      return <p>{`Draft saved at ${time(status.at)}`}</p>;
    case 'stale':
      return (
        <p className="admin-editing-sessions__problem">
          Not saved automatically: someone saved a newer version. Press Save draft or Publish to choose whether to
          overwrite it, or reload the page to see it.
        </p>
      );
    case 'expired': {
      const next = `${location.pathname}${location.search}`;
      return (
        <p className="admin-editing-sessions__problem">
          Your session has expired. Log in again in another tab; your changes are kept here.{' '}
          <a href={`/wagtail/login/?next=${encodeURIComponent(next)}`} target="_blank" rel="noopener">
            Log in again<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      );
    }
    case 'signed-in-again':
      return <p>You are signed in again. Your changes are kept and will be saved as a draft.</p>;
    case 'locked':
      return <p className="admin-editing-sessions__problem">{`Not saved automatically: ${status.message}`}</p>;
    case 'error':
      return <p className="admin-editing-sessions__problem">{status.message}</p>;
  }
}

/**
 * Who else has this page open, the autosave status (both announced politely), and the question
 * asked before a save goes over a newer version (a modal dialog: focus trapped, Escape cancels).
 */
export function EditingSessionsPanel({ controller }: { controller: EditingSessionController }) {
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const base = state.baseRevisionId;
  const newerBy =
    state.latestRevisionId !== null && (base === null || state.latestRevisionId > base)
      ? (state.latestRevisionUser ?? 'Someone')
      : null;
  const savers = state.others.filter((o) => o.revision_id !== null && (base === null || o.revision_id > base));
  return (
    <>
      {/* Always in the page, so the live region announces the first arrival too. */}
      <section
        className="admin-editing-sessions__panel"
        aria-label="Others on this page"
        data-empty={state.others.length === 0 && !newerBy ? '' : undefined}
      >
        <ul aria-live="polite" data-testid="editing-sessions-others">
          {state.others.map((other) => (
            <li key={other.session_key} className={other.idle ? 'admin-editing-sessions__idle' : undefined}>
              {describe(other, base)}
              {other.idle ? <span className="admin-editing-sessions__tag"> (idle)</span> : null}
            </li>
          ))}
          {newerBy && savers.length === 0 ? <li>{`${newerBy} saved a newer version of this page.`}</li> : null}
        </ul>
      </section>
      <div className="admin-editing-sessions__status" role="status" aria-live="polite" data-testid="autosave-status">
        {state.restored?.kind === 'restored' ? (
          <p>{`Your unsaved changes from ${time(state.restored.keptAt)} were restored: they were kept in this browser while your session had expired.`}</p>
        ) : null}
        {state.restored?.kind === 'elsewhere' ? (
          <p>
            Your unsaved changes to this page are in another window where it is still open: go back to it, it saves them
            now that you are signed in again.
          </p>
        ) : null}
        <AutosaveMessage status={state.autosave} />
      </div>
      <Modal
        className="admin-modal"
        isOpen={state.confirming !== null}
        isDismissable
        onOpenChange={(open) => (open ? undefined : controller.answerOverwrite(false))}
      >
        <Dialog className="admin-dialog" role="alertdialog" data-testid="overwrite-dialog">
          <Heading slot="title">Someone saved a newer version</Heading>
          <p>{`${newerBy ?? 'Someone'} saved a newer version of this page while you were editing. Continue and overwrite it with your changes? The newer version stays in the page's revisions.`}</p>
          <div className="admin-actions">
            <Button className="admin-button admin-button--secondary" onPress={() => controller.answerOverwrite(false)}>
              Cancel
            </Button>
            <Button className="admin-button admin-button--primary" onPress={() => controller.answerOverwrite(true)}>
              Continue and overwrite
            </Button>
          </div>
        </Dialog>
      </Modal>
    </>
  );
}
