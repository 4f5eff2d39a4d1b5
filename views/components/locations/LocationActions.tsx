import type { Location } from '../../../shared/schemas/locations';
import { useT } from '../../page-context';

/**
 * Reserve a Table if reservations are enabled, else Join the wait list if it is ready, else
 * neither (spec section 4). They fire document events that the reservation and wait-list
 * panels listen for, carrying the rlid.
 */
export function ReservationAction({ location }: { location: Pick<Location, 'rlid' | 'isReservationsEnabled' | 'waitListReady'> }) {
  const t = useT();
  const fire = (name: 'open-reservation-panel' | 'open-waitlist') => () =>
    document.dispatchEvent(new CustomEvent(name, { detail: { rlid: location.rlid } }));
  if (location.isReservationsEnabled) {
    return (
      <button type="button" className="button button--secondary" onClick={fire('open-reservation-panel')}>
        {t('Reserve a Table')}
      </button>
    );
  }
  if (location.waitListReady) {
    return (
      <button type="button" className="button button--secondary" onClick={fire('open-waitlist')}>
        {t('Join the wait list')}
      </button>
    );
  }
  return null;
}
