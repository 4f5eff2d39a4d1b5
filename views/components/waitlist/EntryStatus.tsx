import type { WaitlistEntryView } from '../../../shared/schemas/waitlist';
import { usePageContext, useT } from '../../page-context';
import { minutesLabel } from './wait-label';

/** The guest's place in line, the quote and when it was given, or the entry's final state. */
export function EntryStatus({ entry }: { entry: WaitlistEntryView }) {
  const t = useT();
  const { languageCode } = usePageContext();
  const time = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(languageCode, {
          hour: 'numeric',
          minute: '2-digit',
          timeZone: entry.restaurant.timeZone,
        }).format(new Date(iso))
      : '';
  const headline = {
    waiting: t('You are on the wait list'),
    notified: t('Your table is ready!'),
    seated: t('You have been seated. Enjoy your meal!'),
    cancelled: t('Your spot was cancelled'),
    no_show: t('We missed you: your spot was released'),
    removed: t('Your spot was removed by the restaurant'),
  }[entry.status];
  return (
    <div className={`entry-status entry-status--${entry.status}`}>
      <h2 className="entry-status__headline" aria-live="assertive">
        {headline}
      </h2>
      {entry.status === 'notified' ? <p>{t('Please come to the host stand now.')}</p> : null}
      {entry.position !== null ? (
        <p className="entry-status__position" aria-live="polite">
          {t('Place in line: {position}', { values: { position: entry.position } })}
          {entry.estimate?.available ? (
            <> · {t('Estimated wait now: {time}', { values: { time: minutesLabel(t, entry.estimate.minutes) } })}</>
          ) : null}
        </p>
      ) : null}
      <dl className="entry-status__facts">
        <dt>{t('Restaurant')}</dt>
        <dd>
          {entry.restaurant.name} — {entry.restaurant.address}
        </dd>
        <dt>{t('Party size')}</dt>
        <dd>{entry.partySize}</dd>
        {entry.quotedMinutes !== null ? (
          <>
            <dt>{t('Quoted wait')}</dt>
            <dd>
              {t('{wait}, quoted at {time}', {
                values: { wait: minutesLabel(t, entry.quotedMinutes), time: time(entry.quotedAt) },
              })}
            </dd>
          </>
        ) : null}
        <dt>{t('Joined at')}</dt>
        <dd>{time(entry.joinedAt)}</dd>
      </dl>
    </div>
  );
}
