import { useMemo } from 'react';
import { formatHoursRange } from '../../../shared/i18n/format';
import { hoursLine, type HoursKind } from '../../../shared/locations/hours';
import { directionsUrl, orderUrl } from '../../../shared/locations/links';
import type { DayHours, Location } from '../../../shared/schemas/locations';
import { useInLanguage, usePageContext, useT } from '../../page-context';
import { ReservationAction } from '../locations/LocationActions';
import { telHref } from '../locations/LocationAddress';

/** The local page path of spec section 2 for a location's localPageURL. */
const localPagePath = (localPageURL: string) => `/seafood-restaurants/locations/${localPageURL}`;

/** The saved location: address, links, today's hours and the actions (spec section 2). */
export function DetailsPanel({
  location,
  onChange,
  onHide,
  onOpenPanel,
}: {
  location: Location;
  onChange(): void;
  onHide(): void;
  /** Closes the picker before a wait-list or reservation panel opens; gives where focus returns. */
  onOpenPanel(): HTMLElement | null;
}) {
  const t = useT();
  const inLanguage = useInLanguage();
  const phone = (
    <a
      href={telHref(location.phone)}
      className="location-picker__phone"
      aria-label={t('Call {phone}', { values: { phone: location.phone } })}
    >
      {location.phone}
    </a>
  );
  return (
    <div className="location-picker__details">
      <h2 className="location-picker__heading">
        {location.city}, {location.state}
      </h2>
      <div className="location-picker__columns">
        <div>
          <address className="location-picker__address">
            {location.address1}
            <br />
            {location.address2 ? (
              <>
                {location.address2}
                <br />
              </>
            ) : null}
            {location.city}, {location.state} {location.zip}
          </address>
          {/* Narrow screens: the phone sits under the address, where a thumb reaches it. */}
          <p className="location-picker__phone-slot location-picker__phone-slot--narrow">{phone}</p>
          <p className="location-picker__links">
            <a href={directionsUrl(location.latitude, location.longitude)} target="_blank" rel="noopener noreferrer">
              {t('Get directions')} <span className="visually-hidden">{t('(opens in a new tab)')}</span>
            </a>
            {location.localPageURL ? (
              <a href={inLanguage(localPagePath(location.localPageURL))}>{t('View Local Page')}</a>
            ) : null}
          </p>
        </div>
        <div>
          <HoursLines location={location} />
          {/* Wide screens: the phone sits with the hours. */}
          <p className="location-picker__phone-slot location-picker__phone-slot--wide">{phone}</p>
        </div>
      </div>
      <div className="location-picker__actions">
        <ReservationAction location={location} beforeOpen={onOpenPanel} />
        {location.hasOnlineOrdering ? (
          <a className="button button--primary" href={inLanguage(orderUrl(location.rlid, location.countryRootURL))}>
            {t('Order Now')}
          </a>
        ) : null}
      </div>
      <div className="location-picker__footer">
        <button type="button" className="location-picker__text-button" onClick={onChange}>
          {t('Change Location')}
        </button>
        <button type="button" className="location-picker__text-button" onClick={onHide}>
          {t('Hide location details')}
        </button>
      </div>
    </div>
  );
}

const HOURS_ROWS: Array<{ kind: HoursKind; label: string; hours: (location: Location) => DayHours[] }> = [
  { kind: 'operation', label: "Today's Hours", hours: (l) => l.hours },
  { kind: 'delivery', label: 'Delivery', hours: (l) => l.deliveryHours },
  { kind: 'curbside', label: 'Curbside', hours: (l) => l.curbsideHours },
];

/** Today's lines in the restaurant's own time zone; a line without an entry today is hidden. */
function HoursLines({ location }: { location: Location }) {
  const t = useT();
  const { languageCode } = usePageContext();
  const now = useMemo(() => new Date(), []);
  const rows = HOURS_ROWS.flatMap((row) => {
    const line = hoursLine(location, row.hours(location), row.kind, now);
    if (!line) return [];
    const text =
      line.kind === 'open'
        ? formatHoursRange(line.open, line.close, languageCode)
        : line.kind === 'temporarily-closed'
          ? t('Temporarily Closed')
          : line.kind === 'not-available'
            ? t('Not Available')
            : line.label
              ? `${t('Closed')} (${line.label})`
              : t('Closed');
    return [{ label: t(row.label), text, kind: row.kind }];
  });
  if (rows.length === 0) return null;
  return (
    <dl className="location-picker__hours">
      {rows.map((row) => (
        <div key={row.kind} className="location-picker__hours-row">
          <dt>{row.label}</dt>
          <dd>{row.text}</dd>
        </div>
      ))}
    </dl>
  );
}
