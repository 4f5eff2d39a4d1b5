import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { EditingSessionController } from './controller';
import { EditingSessionsPanel } from './EditingSessionsPanel';
import { restoreCopy, type Restored } from './kept-copy';

type EditPage = { mount: HTMLElement; form: HTMLFormElement; baseInput: HTMLInputElement; pageId: number };

function editPage(): EditPage | null {
  const mount = document.getElementById('editing-sessions');
  const baseInput = document.querySelector<HTMLInputElement>('form input[name="base_revision_id"]');
  const form = baseInput?.form;
  const pageId = Number(mount?.dataset.pageId);
  if (!mount || !baseInput || !form || !Number.isInteger(pageId)) return null;
  return { mount, form, baseInput, pageId };
}

/** Before the block editor reads its textarea: put back input kept while the session had expired. */
export function restoreKeptInput(): Restored {
  const page = editPage();
  if (!page) return null;
  const interval = Number(page.mount.dataset.pingInterval) || 10_000;
  return restoreCopy(page.pageId, page.form, page.baseInput, interval * 3);
}

/** Editing sessions and autosave on the edit screen (absent elsewhere: does nothing). */
export function startEditingSessions(restored: Restored): void {
  const page = editPage();
  if (!page) return;
  const controller = new EditingSessionController({ ...page, restored });
  createRoot(page.mount).render(
    <StrictMode>
      <EditingSessionsPanel controller={controller} />
    </StrictMode>,
  );
  controller.start();
}
