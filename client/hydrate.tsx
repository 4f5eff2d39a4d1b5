import { hydrateRoot } from 'react-dom/client';
import type { PagePayload } from '../shared/schemas/page-payload';
import { App } from '../views/App';
import { clientTemplates } from './templates';

async function hydrate(): Promise<void> {
  const script = document.getElementById('page-data');
  const root = document.getElementById('root');
  if (!script?.textContent || !root) return;
  // Written by our own server into this document (server/ssr/render.tsx), so not re-validated:
  // that would ship zod to every visitor.
  const payload = JSON.parse(script.textContent) as PagePayload;
  const load = clientTemplates[payload.template];
  if (!load) throw new Error(`No client template named ${payload.template}`);
  const { default: Template } = await load();
  hydrateRoot(root, <App payload={payload} Template={Template} />, {
    onRecoverableError(error) {
      console.error('Hydration error', error);
    },
  });
  document.documentElement.classList.add('js-enabled');
}

hydrate().catch((error: unknown) => console.error('Hydration failed', error));
