import type { HostQueueRow as QueueRow } from '../../../shared/schemas/waitlist';
import { CsrfField } from '../CsrfField';
import { HostQueue } from './HostQueue';
import { Icon } from '../Icon';
import { ACTION_ICONS } from '../../../shared/admin/icons';

type Settings = {
  paused: boolean;
  pause_reason: string | null;
  turn_minutes_small: number;
  turn_minutes_medium: number;
  turn_minutes_large: number;
  tables_small: number;
  tables_medium: number;
  tables_large: number;
  slot_minutes: number;
  parties_per_slot: number;
};

/** One restaurant's host stand (/wagtail/waitlist/{rlid}/): queue, reservations, settings, quoted vs actual waits. */
export type HostStandView = {
  rlid: number;
  title: string;
  timeZone: string;
  queue: QueueRow[];
  settings: Settings;
  reservations: {
    id: number;
    local_time: string;
    name: string;
    party_size: number;
    phone: string | null;
    email: string | null;
    note: string | null;
  }[];
  today: string;
  report: { day: string; seated: number; avg_quoted: number | null; avg_actual: number | null }[];
  message?: string;
  error?: string;
};

export function HostStandScreen({ view, csrfToken, nonce }: { view: HostStandView; csrfToken: string; nonce: string }) {
  const base = `/wagtail/waitlist/${view.rlid}`;
  const time = (d: Date) =>
    new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: view.timeZone }).format(d);
  const s = view.settings;
  return (
    <div className="admin-page host-stand" data-events={`${base}/events/`}>
      <h1>Host stand: {view.title}</h1>
      <p>
        <a href="/wagtail/waitlist/">All restaurants</a>
      </p>
      {view.message ? (
        <p className="admin-message" role="status">
          {view.message}
        </p>
      ) : null}
      {view.error ? (
        <p className="admin-message admin-message--error" role="alert">
          {view.error}
        </p>
      ) : null}

      <section id="queue" aria-labelledby="queue-heading">
        <h2 id="queue-heading">
          Queue ({view.queue.length} {view.queue.length === 1 ? 'party' : 'parties'})
          {s.paused ? ` — paused: ${s.pause_reason ?? ''}` : ''}
        </h2>
        <p className="host-stand__live" aria-live="polite">
          Updates live.
        </p>
        {view.queue.length === 0 ? (
          <p>Nobody is waiting.</p>
        ) : (
          <HostQueue queue={view.queue} base={base} csrfToken={csrfToken} time={time} />
        )}
      </section>

      <section aria-labelledby="walk-in-heading">
        <h2 id="walk-in-heading">Add a walk-in</h2>
        <form method="post" action={`${base}/walk-in/`} className="host-stand__form">
          <CsrfField token={csrfToken} />
          <div className="admin-field">
            <label htmlFor="walkin-name">Name</label>
            <input id="walkin-name" name="name" required maxLength={80} />
          </div>
          <div className="admin-field">
            <label htmlFor="walkin-party">Party size</label>
            <input id="walkin-party" name="partySize" type="number" min={1} max={100} defaultValue={2} required />
          </div>
          <div className="admin-field">
            <label htmlFor="walkin-phone">Mobile phone (optional)</label>
            <input id="walkin-phone" name="phone" type="tel" maxLength={30} />
          </div>
          <div className="admin-field">
            <label htmlFor="walkin-note">Note (optional)</label>
            <input id="walkin-note" name="note" maxLength={200} />
          </div>
          <button type="submit" className="admin-button admin-button--primary">
            <Icon name={ACTION_ICONS.add} />
            Add to the queue
          </button>
        </form>
      </section>

      <section id="reservations" aria-labelledby="reservations-heading">
        <h2 id="reservations-heading">Today's reservations ({view.today})</h2>
        {view.reservations.length === 0 ? (
          <p>No reservations today.</p>
        ) : (
          <div className="admin-table-scroll">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Guest</th>
                  <th scope="col">Party</th>
                  <th scope="col">Contact</th>
                </tr>
              </thead>
              <tbody>
                {view.reservations.map((r) => (
                  <tr key={r.id}>
                    <td>{r.local_time}</td>
                    <td>
                      {r.name}
                      {r.note ? <div className="host-stand__note">{r.note}</div> : null}
                    </td>
                    <td>{r.party_size}</td>
                    <td>{[r.phone, r.email].filter(Boolean).join(', ') || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="pause-heading">
        <h2 id="pause-heading">{s.paused ? 'Resume the wait list' : 'Pause the wait list'}</h2>
        <form method="post" action={`${base}/pause/`} className="host-stand__form">
          <CsrfField token={csrfToken} />
          <input type="hidden" name="paused" value={s.paused ? '0' : '1'} />
          {s.paused ? null : (
            <>
              <div className="admin-field">
                <label htmlFor="pause-reason">Reason (shown to guests)</label>
                <input id="pause-reason" name="reason" maxLength={200} required />
              </div>
            </>
          )}
          <button type="submit" className="admin-button admin-button--secondary">
            {s.paused ? 'Resume' : 'Pause'}
          </button>
        </form>
      </section>

      <section aria-labelledby="settings-heading">
        <h2 id="settings-heading">Turn times and tables</h2>
        <form method="post" action={`${base}/settings/`} className="host-stand__form host-stand__settings">
          <CsrfField token={csrfToken} />
          {(
            [
              ['turn_minutes_small', 'Turn time, 1-2 guests (minutes)', s.turn_minutes_small],
              ['turn_minutes_medium', 'Turn time, 3-4 guests (minutes)', s.turn_minutes_medium],
              ['turn_minutes_large', 'Turn time, 5+ guests (minutes)', s.turn_minutes_large],
              ['tables_small', 'Tables for 1-2', s.tables_small],
              ['tables_medium', 'Tables for 3-4', s.tables_medium],
              ['tables_large', 'Tables for 5+', s.tables_large],
              ['parties_per_slot', 'Bookings per reservation time', s.parties_per_slot],
            ] as const
          ).map(([name, label, value]) => (
            <div key={name} className="admin-field">
              <label htmlFor={`setting-${name}`}>{label}</label>
              <input id={`setting-${name}`} name={name} type="number" min={0} max={500} defaultValue={value} required />
            </div>
          ))}
          <div className="admin-field">
            <label htmlFor="setting-slot">Reservation times every</label>
            <select id="setting-slot" name="slot_minutes" defaultValue={String(s.slot_minutes)}>
              <option value="15">15 minutes</option>
              <option value="30">30 minutes</option>
              <option value="60">60 minutes</option>
            </select>
          </div>
          <button type="submit" className="admin-button admin-button--primary">
            Save settings
          </button>
        </form>
      </section>

      <section aria-labelledby="report-heading">
        <h2 id="report-heading">Quoted vs actual wait (last 14 days)</h2>
        {view.report.length === 0 ? (
          <p>No party has been seated from the wait list yet.</p>
        ) : (
          <div className="admin-table-scroll">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Parties seated</th>
                  <th scope="col">Average quoted (min)</th>
                  <th scope="col">Average actual (min)</th>
                </tr>
              </thead>
              <tbody>
                {view.report.map((day) => (
                  <tr key={day.day}>
                    <td>{day.day}</td>
                    <td>{day.seated}</td>
                    <td>{day.avg_quoted ?? '—'}</td>
                    <td>{day.avg_actual ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: LIVE_SCRIPT }} />
    </div>
  );
}

/**
 * Live queue: the server-sent events of this restaurant (LISTEN/NOTIFY behind them, any dyno)
 * make the page fetch itself and swap the queue and reservations in; never while a form field
 * has focus (the swap waits for the blur).
 */
const LIVE_SCRIPT = `(() => {
  const root = document.querySelector('.host-stand');
  if (!root || typeof EventSource !== 'function') return;
  let waiting = false;
  const swap = () => {
    const active = document.activeElement;
    if (active && active.closest('form') && /INPUT|SELECT|TEXTAREA/.test(active.tagName)) { waiting = true; return; }
    waiting = false;
    fetch(location.pathname, { headers: { Accept: 'text/html' } }).then((r) => r.text()).then((html) => {
      const doc = new DOMParser().parseFromString(html, 'text/html');
      // A party's open details stay open across the refresh.
      const open = [...document.querySelectorAll('.host-queue__party:has(details[open])')].map((li) => li.getAttribute('data-entry-id'));
      for (const id of open) doc.querySelector('.host-queue__party[data-entry-id="' + id + '"] details')?.setAttribute('open', '');
      for (const id of ['queue', 'reservations']) {
        const next = doc.getElementById(id);
        const current = document.getElementById(id);
        if (next && current) current.replaceWith(next);
      }
      root.setAttribute('data-refreshed', String(Date.now()));
    }).catch(() => {});
  };
  document.addEventListener('focusout', () => { if (waiting) setTimeout(swap, 0); });
  const source = new EventSource(root.getAttribute('data-events'));
  let first = true;
  source.addEventListener('changed', () => { if (first) { first = false; return; } swap(); });
})();`;
