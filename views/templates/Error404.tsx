import type { QuickSearchExtra } from '../../shared/schemas/locations';
import { LocationAddress } from '../components/locations/LocationAddress';
import { formatDecimal } from '../../shared/i18n/format';
import { useInLanguage, usePageContext, useT } from '../page-context';
import type { TemplateProps } from '../template-types';

/**
 * The not-found page, with the quick search (spec section 9, four results): someone who followed
 * a dead link was most likely looking for a restaurant. A plain GET form back to this page, so
 * it works without JavaScript and the page keeps its 404 status.
 */
export default function Error404({ page }: TemplateProps) {
  const t = useT();
  const inLanguage = useInLanguage();
  const { languageCode } = usePageContext();
  const search = (page.extra ?? {}) as Partial<QuickSearchExtra>;
  const results = search.results ?? [];
  return (
    <div className="template-error404">
      <h1>{t('The page you are looking for does not exist, sorry.')}</h1>
      <a className="button button--primary" href={inLanguage('/')}>
        {t('Return to Homepage')}
      </a>
      <section className="quick-search" aria-labelledby="quick-search-heading">
        <h2 id="quick-search-heading">{t('Looking for a restaurant?')}</h2>
        <form className="quick-search__form" method="get" role="search">
          <label htmlFor="quick-search-q">{t('Search by city, state, or zip')}</label>
          <div className="quick-search__row">
            <input
              id="quick-search-q"
              name="q"
              type="search"
              defaultValue={search.q ?? ''}
              autoComplete="off"
              required
              maxLength={100}
            />
            <button type="submit" className="button button--secondary">
              {t('Search')}
            </button>
          </div>
        </form>
        {search.searched && results.length === 0 ? (
          <p className="quick-search__empty">{t('Please enter a valid city, state, or ZIP code.')}</p>
        ) : null}
        {results.length > 0 ? (
          <ul className="quick-search__results">
            {results.map(({ distance, location, localPageUrl }) => (
              <li key={location.rlid} className="quick-search__result">
                <span className="quick-search__distance">
                  {t('{distance} miles', { values: { distance: formatDecimal(distance, 1, languageCode) } })}
                </span>
                <LocationAddress location={{ ...location, address2: location.address2 ?? null }} />
                {localPageUrl ? (
                  <a href={inLanguage(localPageUrl)}>
                    {t('View Local Page')}
                    <span className="visually-hidden">: {location.address1}</span>
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
