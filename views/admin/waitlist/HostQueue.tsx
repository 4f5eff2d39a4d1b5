import type { HostQueueRow as QueueRow } from '../../../shared/schemas/waitlist';
import { ACTION_ICONS, type IconName } from '../../../shared/admin/icons';
import { CsrfField } from '../CsrfField';
import { Icon } from '../Icon';

type EntryAction = 'notify' | 'seat' | 'no-show' | 'remove' | 'up' | 'down';

const LABELS: Record<EntryAction, string> = {
  notify: 'Table ready',
  seat: 'Seat',
  'no-show': 'No-show',
  remove: 'Remove',
  up: 'Move up',
  down: 'Move down',
};
const ICONS: Partial<Record<EntryAction, IconName>> = {
  notify: ACTION_ICONS.notify,
  seat: ACTION_ICONS.seat,
  remove: ACTION_ICONS.remove,
};

/**
 * The host stand's queue, made for a tablet at the host desk: one row per party with its next step
 * as a large button (tell them their table is ready, then seat them), the contact, note and the
 * other actions behind a disclosure. Every control is a plain form post, so it works without scripts.
 */
export function HostQueue({
  queue,
  base,
  csrfToken,
  time,
}: {
  queue: QueueRow[];
  base: string;
  csrfToken: string;
  time: (d: Date) => string;
}) {
  const button = (entry: QueueRow, action: EntryAction, kind: 'primary' | 'secondary' | 'danger') => (
    <form key={action} method="post" action={`${base}/entries/${entry.id}/`}>
      <CsrfField token={csrfToken} />
      <input type="hidden" name="action" value={action} />
      <button
        type="submit"
        className={`admin-button admin-button--${kind}`}
        aria-label={`${LABELS[action]}: ${entry.name}, party of ${entry.partySize}`}
      >
        {ICONS[action] ? <Icon name={ICONS[action]} /> : null}
        {LABELS[action]}
      </button>
    </form>
  );
  return (
    <ol className="host-queue">
      {queue.map((entry) => {
        const primary: EntryAction = entry.status === 'notified' ? 'seat' : 'notify';
        return (
          <li key={entry.id} className="host-queue__party" data-entry-id={entry.id}>
            <div className="host-queue__row">
              <span className="host-queue__position">
                <span className="visually-hidden">Position </span>
                {entry.position}
              </span>
              <div className="host-queue__who">
                <p className="host-queue__name">
                  {entry.name}
                  {entry.source === 'walk_in' ? ' (walk-in)' : ''}
                </p>
                <p className="host-queue__facts">
                  <span className="host-queue__size">Party of {entry.partySize}</span>
                  <span>
                    {entry.waitedMinutes} min waited / {entry.quotedMinutes ?? '—'} quoted
                  </span>
                  <span className={`host-queue__status host-queue__status--${entry.status}`}>
                    {entry.status === 'notified'
                      ? `Table ready (told ${time(entry.notifiedAt ?? entry.joinedAt)})`
                      : 'Waiting'}
                  </span>
                </p>
              </div>
              <div className="host-queue__primary">{button(entry, primary, 'primary')}</div>
            </div>
            <details className="host-queue__more">
              <summary>
                <Icon name={ACTION_ICONS.details} className="host-queue__chevron" />
                Details and more actions<span className="visually-hidden">: {entry.name}</span>
              </summary>
              <dl className="host-queue__details">
                <div>
                  <dt>Contact</dt>
                  <dd>{[entry.phone, entry.email].filter(Boolean).join(', ') || '—'}</dd>
                </div>
                <div>
                  <dt>Joined</dt>
                  <dd>{time(entry.joinedAt)}</dd>
                </div>
                {entry.note ? (
                  <div>
                    <dt>Note</dt>
                    <dd>{entry.note}</dd>
                  </div>
                ) : null}
              </dl>
              <div className="host-queue__actions">
                {primary === 'notify' ? button(entry, 'seat', 'secondary') : null}
                {button(entry, 'up', 'secondary')}
                {button(entry, 'down', 'secondary')}
                {button(entry, 'no-show', 'danger')}
                {button(entry, 'remove', 'danger')}
              </div>
            </details>
          </li>
        );
      })}
    </ol>
  );
}
