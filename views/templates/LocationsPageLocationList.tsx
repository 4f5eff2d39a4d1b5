import type { CityListExtra } from '../../shared/schemas/locations';
import { LocationAddress } from '../components/locations/LocationAddress';
import { useT } from '../page-context';
import type { TemplateProps } from '../template-types';

/** The restaurants of one city: hero with city and state code, back link, addresses. */
export default function LocationsPageLocationList({ page }: TemplateProps) {
  const t = useT();
  const { country, stateListUrl, state, city, locations } = page.extra as CityListExtra;
  return (
    <div className="locations-city">
      <section className="locations-hero bg--lighthouse">
        <h1>
          {city.name}, {state.code}
        </h1>
      </section>
      <div className="locations-city__body">
        <a className="locations-back-link" href={stateListUrl}>
          {t('More {country} Locations', { values: { country: country.printable_name } })}
        </a>
        <ul className="locations-city__list">
          {locations.map((location) => (
            <li key={location.rlid} className="locations-city__item">
              <LocationAddress location={location} />
              <a className="button button--secondary" href={location.url}>
                {t('View Local Page')}
                <span className="visually-hidden">: {location.address1}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
