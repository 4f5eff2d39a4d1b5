/**
 * Opens the wait-list and reservation panels when a location's button fires its event
 * ('open-waitlist' / 'open-reservation-panel' with the rlid). Only this listener is in the page's
 * bundle: the panels' code (react-aria, the forms) is a chunk loaded on the first open. If that
 * chunk cannot load, the visitor goes to the server-rendered page that does the same (the
 * opening link's own address when there is one, so the page's language prefix is kept).
 */
const PANELS = [
  ['open-waitlist', 'waitlist', (rlid: number) => `/waitlist/join/?rlid=${rlid}`],
  ['open-reservation-panel', 'reservation', (rlid: number) => `/reservations/new/?rlid=${rlid}`],
] as const;

export function listenForGuestPanels(): void {
  for (const [eventName, kind, fallback] of PANELS) {
    document.addEventListener(eventName, (event) => {
      const detail = (event as CustomEvent<{ rlid?: unknown; returnFocus?: unknown }>).detail;
      const rlid = Number(detail?.rlid);
      if (!Number.isInteger(rlid) || rlid <= 0) return;
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      // The opener may be gone when the panel closes (the picker closes as the panel opens).
      const returnFocus = detail?.returnFocus instanceof HTMLElement ? detail.returnFocus : opener;
      import('./panels/open-panel')
        .then(({ openGuestPanel }) => openGuestPanel(kind, rlid, returnFocus))
        .catch(() =>
          window.location.assign(
            opener instanceof HTMLAnchorElement && opener.dataset.guestAction ? opener.href : fallback(rlid),
          ),
        );
    });
  }
}
