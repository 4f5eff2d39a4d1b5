import type { MapPageExtra } from '../../../../shared/schemas/locations';
import { useT } from '../../../page-context';

/**
 * What the map page shows before any search (rendered by the server, so it works without
 * script): what to do, and each country's directory of states or provinces to browse instead.
 * No error: nothing was searched yet.
 */
export function MapFirstVisit({ countries }: { countries: MapPageExtra['countries'] }) {
  const t = useT();
  return (
    <div className="locations-map__first-visit">
      <p>{t('Search by city, state, or ZIP code to see the restaurants near you.')}</p>
      {countries.length > 0 ? (
        <section className="locations-map__countries" aria-labelledby="locations-map-countries">
          <h2 id="locations-map-countries">{t('Or browse the restaurants by country')}</h2>
          <ul>
            {countries.map((country) => (
              <li key={country.code}>
                <a href={country.url}>{country.name}</a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
