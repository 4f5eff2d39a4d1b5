import { createRoot } from 'react-dom/client';
import { catalogFor } from '../../shared/i18n/catalogs';
import type { PageContext } from '../../shared/schemas/page-payload';
import { PageContextProvider } from '../../views/page-context';
import { GuestPanel, type PanelKind } from './GuestPanel';

let open = false;

/** Mounts a panel in its own root; closing it unmounts it and gives focus back to the opener. */
export function openGuestPanel(kind: PanelKind, rlid: number, opener: HTMLElement | null): void {
  if (open) return;
  open = true;
  const container = document.createElement('div');
  container.className = 'guest-panel-root';
  document.body.append(container);
  const root = createRoot(container);
  const close = () => {
    root.unmount();
    container.remove();
    open = false;
    if (opener?.isConnected) opener.focus();
  };
  root.render(
    <PageContextProvider context={panelContext()}>
      <GuestPanel kind={kind} rlid={rlid} onClose={close} />
    </PageContextProvider>,
  );
}

/** The page's language from its page data; the panel carries its own catalog for strings the page did not use. */
function panelContext(): PageContext {
  let languageCode = document.documentElement.lang || 'en-US';
  try {
    const data = JSON.parse(document.getElementById('page-data')?.textContent ?? '{}') as {
      context?: { languageCode?: string };
    };
    languageCode = data.context?.languageCode ?? languageCode;
  } catch {
    // The document's lang attribute is enough.
  }
  return {
    languageCode,
    catalog: catalogFor(languageCode),
    sentryDsn: null,
    commitId: '',
    branch: '',
    siteName: '',
    siteUrl: window.location.origin,
    alternates: [],
    isPreview: false,
  };
}
