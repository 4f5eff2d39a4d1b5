import { useSyncExternalStore } from 'react';
import { orderUrl } from '../../../shared/locations/links';
import { useInLanguage, useLocalePrefix, usePageContext, useT } from '../../page-context';
import { Icon } from './Icon';
import { noSavedRestaurant, savedRestaurant, subscribeToSavedRestaurant } from './saved-restaurant';

/**
 * The header's delivery, cart and magnifying-glass icons (spec section 2, Header), each a link
 * with its own accessible name:
 * - magnifying glass: always, to the map page's restaurant search;
 * - cart: online ordering, at the saved restaurant when it takes orders online and is open,
 *   else the site's ordering page when no restaurant is saved;
 * - delivery: only when the saved restaurant delivers (and takes orders online, and is open).
 * The server always draws the no-restaurant state, so a cached page and the hydrating browser
 * agree; the visitor's restaurant, as the picker publishes it, applies after hydration.
 */
export function HeaderIcons() {
  const t = useT();
  const prefix = useLocalePrefix();
  const inLanguage = useInLanguage();
  const { locationPicker } = usePageContext();
  const saved = useSyncExternalStore(subscribeToSavedRestaurant, savedRestaurant, noSavedRestaurant);
  const orders = saved ? saved.hasOnlineOrdering && !saved.isTemporarilyClosed : true;
  const order = saved ? inLanguage(orderUrl(saved.rlid, saved.countryRootURL)) : `${prefix}/order/`;
  const searchUrl = locationPicker?.mapPageUrl ?? `${prefix}/locations/`;
  return (
    <ul className="header-icons">
      {saved && orders && saved.hasDelivery ? (
        <li>
          <a className="header-icons__link" href={`${order}&fulfillment=delivery`} aria-label={t('Order delivery')}>
            <Icon name="delivery" />
          </a>
        </li>
      ) : null}
      {orders ? (
        <li>
          <a className="header-icons__link" href={order} aria-label={t('Order online')}>
            <Icon name="cart" />
          </a>
        </li>
      ) : null}
      <li>
        <a className="header-icons__link" href={searchUrl} aria-label={t('Find a restaurant')}>
          <Icon name="magnifying-glass" />
        </a>
      </li>
    </ul>
  );
}
