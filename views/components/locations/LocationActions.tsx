import type { MouseEvent } from 'react';
import type { Location } from '../../../shared/schemas/locations';
import { useLocalePrefix, useT } from '../../page-context';

/**
 * Reserve a Table if reservations are enabled, else Join the wait list if it is ready, else
 * neither (spec section 4). Each is a link to its server-rendered page (so it works without
 * JavaScript); with JavaScript it fires the document event that opens the panel instead,
 * carrying the rlid (client/guest-panels.ts listens and loads the panel's code on first use).
 * Inside something that goes away when the panel opens (the header picker's popover),
 * `beforeOpen` closes it and names where focus returns when the panel closes.
 */
export function ReservationAction({
  location,
  beforeOpen,
}: {
  location: Pick<Location, 'rlid' | 'isReservationsEnabled' | 'waitListReady'>;
  beforeOpen?: () => HTMLElement | null;
}) {
  const t = useT();
  const prefix = useLocalePrefix();
  const fire = (name: 'open-reservation-panel' | 'open-waitlist') => (event: MouseEvent<HTMLAnchorElement>) => {
    // A modified click (new tab, new window) keeps the link's own behaviour.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    const returnFocus = beforeOpen ? beforeOpen() : null;
    document.dispatchEvent(new CustomEvent(name, { detail: { rlid: location.rlid, returnFocus } }));
  };
  if (location.isReservationsEnabled) {
    return (
      <a
        href={`${prefix}/reservations/new/?rlid=${location.rlid}`}
        data-guest-action="reservation"
        className="button button--secondary"
        onClick={fire('open-reservation-panel')}
      >
        {t('Reserve a Table')}
      </a>
    );
  }
  if (location.waitListReady) {
    return (
      <a
        href={`${prefix}/waitlist/join/?rlid=${location.rlid}`}
        data-guest-action="waitlist"
        className="button button--secondary"
        onClick={fire('open-waitlist')}
      >
        {t('Join the wait list')}
      </a>
    );
  }
  return null;
}
