import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { PagePayload } from '../shared/schemas/page-payload';
import { App } from '../views/App';
import { blockTypesIn, type BlockComponents } from '../views/blocks/block-components';
import { clientBlockLoaders } from './block-loaders';
import { listenForGuestPanels } from './guest-panels';
import { clientTemplates } from './templates';
import { loadStaffUserbar } from './userbar/loader';

async function hydrate(): Promise<void> {
  const script = document.getElementById('page-data');
  const root = document.getElementById('root');
  if (!script?.textContent || !root) return;
  // Written by our own server into this document (server/ssr/render.tsx), so not re-validated:
  // that would ship zod to every visitor.
  const payload = JSON.parse(script.textContent) as PagePayload;
  startErrorReporting(payload);
  shareCspNonce();
  listenForGuestPanels();
  const load = clientTemplates[payload.template];
  if (!load) throw new Error(`No client template named ${payload.template}`);
  const [{ default: Template }, blocks] = await Promise.all([load(), loadBlocks(payload)]);
  // Inside a transition, React hydrates in slices of a few milliseconds and yields to the
  // browser between them, instead of one task as long as the whole page (on a mid-range phone
  // that task was hundreds of milliseconds of blocked main thread: Lighthouse TBT). An input
  // that arrives meanwhile makes React finish hydrating at once and then replays the event.
  startTransition(() => {
    hydrateRoot(root, <App payload={payload} Template={Template} blocks={blocks} />, {
      onRecoverableError(error) {
        console.error('Hydration error', error);
      },
    });
  });
  document.documentElement.classList.add('js-enabled');
}

/**
 * React Aria looks for the CSP nonce of the <style> elements it inserts in a meta element in the
 * head, then in `__webpack_nonce__`: the page carries it on its last element (views/Document.tsx).
 */
function shareCspNonce(): void {
  const nonce = document.getElementById('csp-nonce')?.nonce;
  if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
}

/** The components of the blocks this page shows (its content, blocks nested in blocks). */
async function loadBlocks(payload: PagePayload): Promise<BlockComponents> {
  const types = [...blockTypesIn(payload.page.content)].filter((type) => clientBlockLoaders[type]);
  const components = await Promise.all(types.map((type) => clientBlockLoaders[type]!()));
  return Object.fromEntries(types.map((type, index) => [type, components[index]!]));
}

/**
 * Browser error reporting only when the server sent a DSN (PUBLIC_SENTRY_DSN): the reporter is
 * a separate chunk, so pages without one never download it. Started before hydration so that
 * errors thrown while hydrating are caught once the chunk arrives.
 */
function startErrorReporting(payload: PagePayload): void {
  const { sentryDsn, commitId, branch } = payload.context;
  if (!sentryDsn) return;
  import('./error-reporting/reporter')
    .then(({ installErrorReporter }) =>
      installErrorReporter({ dsn: sentryDsn, release: commitId, environment: branch }),
    )
    // Reporting is best effort; a failed chunk load must not become an error of its own.
    .catch(() => {});
}

hydrate().catch((error: unknown) => console.error('Hydration failed', error));
loadStaffUserbar();
