import { formatHoursRange, labelColon } from '../../shared/i18n/format';
import { STATIC_MAP_SIZES } from '../../shared/maps/base-map';
import type { LocationPageExtra } from '../../shared/schemas/locations';
import { LocationAddress, telHref } from '../components/locations/LocationAddress';
import { useInLanguage, usePageContext, useT } from '../page-context';
import type { TemplateProps } from '../template-types';

const NARROW = '(max-width: 840px)';
/** location.hours lists days Monday first (as printed menus do); these are their days of the week. */
const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0];

/** One restaurant: address, directions, map images, contact, ordering and hours of operation. */
export default function LocationsPageLocation({ page }: TemplateProps) {
  const t = useT();
  const { siteName, languageCode } = usePageContext();
  const inLanguage = useInLanguage();
  const { location, specialHours, weeklyHours, directionsUrl, orderUrl, stateListUrl } =
    page.extra as LocationPageExtra;
  const hoursOf = (index: number) => {
    const entry = weeklyHours.find((day) => day.dayOfWeek === MONDAY_FIRST[index]);
    return entry ? formatHoursRange(entry.open, entry.close, languageCode) : t('Closed');
  };
  // Only the type 'Operation' is shown (spec section 3); curbside and delivery hours live in the picker.
  const operation = location.hours.find((type) => type.type_name === 'Operation');
  // Dates are calendar days: format in UTC so the server and every browser print the same day.
  const dayFormat = new Intl.DateTimeFormat(languageCode, {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (
    <div className="location-page">
      <div className="location-page__main">
        <h1>
          {location.city}, {location.state}
        </h1>
        <LocationAddress location={location} />
        <p className="location-page__actions">
          <a className="button button--primary" href={directionsUrl} target="_blank" rel="noopener noreferrer">
            {t('Get directions')}
            <span className="visually-hidden"> {t('(opens in a new tab)')}</span>
          </a>
          {orderUrl ? (
            <a className="button button--secondary" href={inLanguage(orderUrl)}>
              {t('Order Online')}
            </a>
          ) : null}
        </p>
        <a className="locations-back-link" href={stateListUrl}>
          {t('Find a different {brand}', { values: { brand: siteName } })}
        </a>
        <section className="location-page__contact" aria-labelledby="location-contact">
          <h2 id="location-contact">{t('Contact Us')}</h2>
          <a href={telHref(location.phone.national)}>{location.phone.national}</a>
        </section>
        {operation ? (
          <section className="location-page__hours" aria-labelledby="location-hours">
            <h2 id="location-hours">{t('Hours of Operation')}</h2>
            <table className="location-hours">
              <tbody>
                {operation.days.map((day, index) => (
                  <tr key={day.day_name}>
                    <th scope="row">{t(day.day_name, { context: 'weekday' })}</th>
                    <td>{hoursOf(index)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {specialHours.length > 0 ? (
              <>
                <h3>{t('Holiday Hours')}</h3>
                <ul className="location-page__special">
                  {specialHours.map((day) => (
                    <li key={day.date}>
                      {t(day.label, { context: 'holiday' })}, {dayFormat.format(new Date(`${day.date}T00:00:00Z`))}
                      {labelColon(languageCode)}
                      {day.closed
                        ? t('Closed')
                        : formatHoursRange(day.open ?? '00:00', day.close ?? '00:00', languageCode)}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>
        ) : null}
      </div>
      {location.map_image_url_desktop || location.map_image_url_mobile ? (
        <picture className="location-page__map">
          {location.map_image_url_mobile ? (
            <source
              media={NARROW}
              srcSet={location.map_image_url_mobile}
              width={STATIC_MAP_SIZES.small.width}
              height={STATIC_MAP_SIZES.small.height}
            />
          ) : null}
          <img
            src={location.map_image_url_desktop ?? location.map_image_url_mobile ?? ''}
            alt={t('Map of the area around {address}, {city}, {state}, with the restaurant marked', {
              values: { address: location.address1, city: location.city, state: location.state },
            })}
            width={STATIC_MAP_SIZES.large.width}
            height={STATIC_MAP_SIZES.large.height}
            loading="lazy"
          />
        </picture>
      ) : null}
    </div>
  );
}
