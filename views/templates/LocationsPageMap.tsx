import type { MapPageExtra } from '../../shared/schemas/locations';
import { ReservationAction } from '../components/locations/LocationActions';
import { useT } from '../page-context';
import type { TemplateProps } from '../template-types';

/**
 * Left column: the search form (a plain GET form, so it works before JavaScript) and the list
 * of nearest restaurants, lettered A-Z like their map markers. The map column is reserved for
 * the interactive map, which is an enhancement: the list is complete without it.
 */
export default function LocationsPageMap({ page }: TemplateProps) {
  const t = useT();
  const { q, results } = page.extra as MapPageExtra;
  return (
    <div className="locations-map">
      <div className="locations-map__side">
        <h1>{page.title}</h1>
        <form className="locations-map__search" method="get" role="search">
          <label htmlFor="locations-map-q" className="visually-hidden">
            {t('Search by city, state, or zip')}
          </label>
          <input id="locations-map-q" name="q" type="search" defaultValue={q} placeholder={t('City, State, or ZIP')} autoComplete="off" required />
          <button type="submit" className="button button--primary">
            {t('Search')}
          </button>
        </form>
        <p className="visually-hidden" role="status">
          {t('{count} location', { count: results.length, plural: '{count} locations' })}
        </p>
        {results.length === 0 ? (
          <p className="locations-map__empty">{t('Please enter a valid city, state, or ZIP code.')}</p>
        ) : (
          <ol className="locations-map__list">
            {results.map(({ letter, distance, location, localPageUrl, orderUrl }) => (
              <li key={location.rlid} className="locations-map__entry" data-rlid={location.rlid}>
                <span className="locations-map__glyph" aria-hidden="true">
                  {letter}
                </span>
                <div className="locations-map__details">
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
                    <p className="locations-map__wait">{t('Current wait: {time}', { values: { time: location.estimatedWaitTime } })}</p>
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
              </li>
            ))}
          </ol>
        )}
      </div>
      <div className="locations-map__map" id="locations-map" aria-hidden="true" />
    </div>
  );
}
