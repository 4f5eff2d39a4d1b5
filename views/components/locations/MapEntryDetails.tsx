import type { Translate } from '../../../shared/i18n/translator';
import type { MapPageExtra } from '../../../shared/schemas/locations';
import { formatDecimal } from '../../../shared/i18n/format';
import { useInLanguage, usePageContext, useT } from '../../page-context';
import { ReservationAction } from './LocationActions';

type Result = MapPageExtra['results'][number];

/**
 * The API's estimatedWaitTime ('No wait', '25 min', '1 h 15 min', shared/waitlist/estimate.ts):
 * only 'No wait' has words; the others read the same in French.
 */
/**
 * The API's wait text is English (spec section 5): the page says it in its own language. Minutes
 * and hours ("25 min", "1 h 10 min") read the same in French.
 */
const waitTimeText = (t: Translate, text: string) => {
  const known: Record<string, string> = {
    'No wait': t('No wait'),
    'Closed now': t('Closed now'),
    'Temporarily closed': t('Temporarily closed'),
    'Dining room closed': t('Dining room closed'),
    'Wait list not offered': t('Wait list not offered'),
    'Wait list paused': t('Wait list paused'),
  };
  return known[text] ?? text;
};

/**
 * One map-page entry's details (spec section 2): distance to two decimals, address, phone, the
 * current wait when the wait list is ready, and the actions. The list and the map's info window
 * show the same component, so they cannot drift apart.
 */
export function MapEntryDetails({ result, compact = false }: { result: Result; compact?: boolean }) {
  const t = useT();
  const inLanguage = useInLanguage();
  const { languageCode } = usePageContext();
  const { letter, distance, location, localPageUrl, orderUrl } = result;
  return (
    <div className="locations-map__details">
      {compact ? (
        <p className="locations-map__popup-title">{`${letter}. ${location.city}, ${location.state}`}</p>
      ) : null}
      <p className="locations-map__distance">
        {t('{distance} miles', { values: { distance: formatDecimal(distance, 2, languageCode) } })}
      </p>
      <address className="location-address">
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
      <a href={`tel:+1${location.phone.replace(/\D/g, '')}`}>{location.phone}</a>
      {location.waitListReady && location.estimatedWaitTime ? (
        <p className="locations-map__wait">
          {t('Current wait: {time}', { values: { time: waitTimeText(t, location.estimatedWaitTime) } })}
        </p>
      ) : null}
      <div className="locations-map__actions">
        <ReservationAction location={location} />
        {orderUrl ? (
          <a className="button button--primary" href={inLanguage(orderUrl)}>
            {t('Order Now')}
          </a>
        ) : null}
        {localPageUrl ? <a href={inLanguage(localPageUrl)}>{t('View Local Page')}</a> : null}
      </div>
    </div>
  );
}
