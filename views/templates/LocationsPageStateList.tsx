import type { StateListExtra } from '../../shared/schemas/locations';
import { usePageContext, useT } from '../page-context';
import type { TemplateProps } from '../template-types';

/**
 * A country's states, each a <details> section listing its cities. Native details elements let
 * several states be open at once and work before (and without) JavaScript; every city link is in
 * the server-rendered HTML for crawlers.
 */
export default function LocationsPageStateList({ page }: TemplateProps) {
  const t = useT();
  const { siteName } = usePageContext();
  const { country, states, otherCountries } = page.extra as StateListExtra;
  return (
    <div className="locations-directory">
      <header className="locations-directory__header">
        <h1>{t('All {country} Locations', { values: { country: country.printable_name } })}</h1>
        <p className="locations-directory__subtitle">
          {country.code === 'CA'
            ? t('Select a province or territory to find your local {brand} restaurant.', {
                values: { brand: siteName },
              })
            : t('Select a state to find your local {brand} restaurant.', { values: { brand: siteName } })}
        </p>
        {otherCountries.length > 0 ? (
          <ul className="locations-directory__countries">
            {otherCountries.map((other) => (
              <li key={other.id}>
                <a href={other.url}>
                  {t('See {country} Locations', { values: { country: other.country.printable_name } })}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </header>
      <div className="state-accordion">
        {states.map((state) => (
          <details key={state.slug} className="state-accordion__item" id={`state-${state.slug}`}>
            <summary className="state-accordion__summary">
              {state.name}
              <span className="state-accordion__count">
                {t('{count} city', { count: state.cities.length, plural: '{count} cities' })}
              </span>
            </summary>
            <ul className="state-accordion__cities">
              {state.cities.map((city) => (
                <li key={city.slug}>
                  <a href={city.url}>{city.name}</a>
                </li>
              ))}
            </ul>
          </details>
        ))}
      </div>
    </div>
  );
}
