import type { Location, LocationListResponse } from '../../../shared/schemas/locations';
import { formatDecimal } from '../../../shared/i18n/format';
import { usePageContext, useT } from '../../page-context';

/**
 * The results (spec section 2): a list of cards, nearest first, each a button that saves the
 * location. The count goes to a live region so screen readers hear that results arrived.
 */
export function ResultsList({
  results,
  onChoose,
  mapPageUrl,
}: {
  results: LocationListResponse['locations'] | null;
  onChoose(location: Location): void;
  mapPageUrl: string | null;
}) {
  const t = useT();
  const { languageCode } = usePageContext();
  return (
    <>
      <p className="location-picker__count" role="status" aria-live="polite">
        {results ? t('{count} location', { count: results.length, plural: '{count} locations' }) : ''}
      </p>
      {results && results.length > 0 ? (
        <ul className="location-picker__results" aria-label={t('Search results')}>
          {results.map(({ distance, location }) => (
            <li key={location.rlid}>
              <button
                type="button"
                className="location-picker__card"
                data-rlid={location.rlid}
                onClick={() => onChoose(location)}
              >
                <span className="location-picker__card-address">
                  <span>{location.address1}</span>
                  {location.address2 ? <span>{location.address2}</span> : null}
                  <span>
                    {location.city}, {location.state} {location.zip}
                  </span>
                </span>
                <span className="location-picker__distance">
                  {t('{distance} miles', { values: { distance: formatDecimal(distance, 1, languageCode) } })}
                </span>
                {location.hasDelivery ? (
                  <span className="location-picker__feature">{t('Delivery Available')}</span>
                ) : null}
                {location.isDiningRoomOpened ? (
                  <span className="location-picker__feature">{t('Indoor Dining Available')}</span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {results && mapPageUrl ? (
        <a className="location-picker__all" href={mapPageUrl}>
          {t('View All Locations')}
        </a>
      ) : null}
    </>
  );
}
