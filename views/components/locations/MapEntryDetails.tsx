import type { MapPageExtra } from '../../../shared/schemas/locations';
import { useT } from '../../page-context';
import { ReservationAction } from './LocationActions';

type Result = MapPageExtra['results'][number];

/**
 * One map-page entry's details (spec section 2): distance to two decimals, address, phone, the
 * current wait when the wait list is ready, and the actions. The list and the map's info window
 * show the same component, so they cannot drift apart.
 */
export function MapEntryDetails({ result, compact = false }: { result: Result; compact?: boolean }) {
  const t = useT();
  const { letter, distance, location, localPageUrl, orderUrl } = result;
  return (
    <div className="locations-map__details">
      {compact ? (
        <p className="locations-map__popup-title">{`${letter}. ${location.city}, ${location.state}`}</p>
      ) : null}
      <p className="locations-map__distance">{t('{distance} miles', { values: { distance: distance.toFixed(2) } })}</p>
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
          {t('Current wait: {time}', { values: { time: location.estimatedWaitTime } })}
        </p>
      ) : null}
      <div className="locations-map__actions">
        <ReservationAction location={location} />
        {orderUrl ? (
          <a className="button button--primary" href={orderUrl}>
            {t('Order Now')}
          </a>
        ) : null}
        {localPageUrl ? <a href={localPageUrl}>{t('View Local Page')}</a> : null}
      </div>
    </div>
  );
}
