import { useEffect, useState } from 'react';
import type { WaitlistEntryView, WaitlistPageExtra } from '../../shared/schemas/waitlist';
import { EntryStatus } from '../components/waitlist/EntryStatus';
import { JoinForm } from '../components/waitlist/JoinForm';
import { useLocalePrefix, useT } from '../page-context';
import type { TemplateProps } from '../template-types';

const POLL_MS = 5000;

/**
 * The wait list's server-rendered pages: the join form (the panel's twin without JavaScript)
 * and the guest's plan-ahead entry page, which follows its entry live: server-sent events from
 * any dyno (LISTEN/NOTIFY behind them), falling back to polling the entry's JSON.
 */
export default function WaitlistPage({ page }: TemplateProps) {
  const t = useT();
  const extra = page.extra as WaitlistPageExtra;
  return (
    <div className="guest-page">
      <div className="guest-page__inner">
        <h1>{extra.mode === 'join' ? t('Join the wait list') : t('Your place in line')}</h1>
        {extra.mode === 'join' ? (
          <JoinForm
            state={extra.state}
            form={extra.form}
            idPrefix="join"
            captcha={extra.captcha}
            csrfToken={extra.csrfToken}
            idempotencyKey={extra.idempotencyKey}
          />
        ) : (
          <LiveEntry initial={extra.entry} cancelled={extra.cancelled} csrfToken={extra.csrfToken} />
        )}
      </div>
    </div>
  );
}

function LiveEntry({
  initial,
  cancelled,
  csrfToken,
}: {
  initial: WaitlistEntryView;
  cancelled: boolean;
  csrfToken: string;
}) {
  const t = useT();
  const prefix = useLocalePrefix();
  const [entry, setEntry] = useState(initial);
  const open = entry.position !== null;
  useEffect(() => {
    if (!open) return;
    let poll: ReturnType<typeof setInterval> | undefined;
    const refresh = () =>
      fetch(initial.links.api, { headers: { Accept: 'application/json' } })
        .then((res) => (res.ok ? (res.json() as Promise<WaitlistEntryView>) : null))
        .then((next) => next && setEntry(next))
        .catch(() => undefined);
    const source = typeof EventSource === 'function' ? new EventSource(initial.links.events) : null;
    if (source) {
      source.addEventListener('entry', (event) =>
        setEntry(JSON.parse((event as MessageEvent<string>).data) as WaitlistEntryView),
      );
      // A proxy that buffers or cuts streams: poll instead.
      source.onerror = () => {
        if (source.readyState === EventSource.CLOSED && !poll) poll = setInterval(refresh, POLL_MS);
      };
    } else {
      poll = setInterval(refresh, POLL_MS);
    }
    return () => {
      source?.close();
      if (poll) clearInterval(poll);
    };
  }, [open, initial.links.api, initial.links.events]);
  return (
    <>
      {cancelled && entry.status === 'cancelled' ? <p role="status">{t('Your spot has been cancelled.')}</p> : null}
      <EntryStatus entry={entry} />
      {open ? (
        <form method="post" action={`${prefix}/waitlist/${entry.planAheadId}/cancel/`} className="guest-page__cancel">
          <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
          <button type="submit" className="button button--secondary">
            {t('Cancel my spot')}
          </button>
        </form>
      ) : null}
      <p className="guest-page__note">{t('Keep this page: its address is your place in line.')}</p>
    </>
  );
}
