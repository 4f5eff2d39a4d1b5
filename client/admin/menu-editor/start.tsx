import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { lineOfError, readOutline, rowsOf } from '../../../shared/schemas/menu-outline';
import { MenuEditor } from './MenuEditor';
import { keyedRows } from './rows';

/**
 * Puts the structured menu editor in place of the header menu's outline textarea. The textarea
 * stays in the form, hidden, and keeps the posted value; an outline the editor cannot read (typed
 * by hand without JavaScript, with a mistake) keeps the textarea, so nothing typed is lost.
 */
export function startMenuEditor(): void {
  for (const wrapper of document.querySelectorAll<HTMLElement>('[data-enhance="menu"]')) {
    const textarea = wrapper.querySelector('textarea');
    if (!textarea) continue;
    const read = readOutline(textarea.value);
    if (!read.ok) continue;
    const errorNote = wrapper.querySelector<HTMLElement>('.admin-field__error');
    const error = errorNote?.textContent ? lineOfError(errorNote.textContent) : null;
    const { rows, placed } = keyedRows(rowsOf(read.entries), error);
    const field = textarea.closest<HTMLElement>('.admin-field') ?? wrapper;
    // The error stays above the editor when it names no row (a menu too long, for instance).
    for (const child of field.children) if (child !== errorNote || placed) (child as HTMLElement).hidden = true;
    if (placed) errorNote?.removeAttribute('id');
    textarea.required = false;
    const mount = document.createElement('div');
    field.after(mount);
    createRoot(mount).render(
      <StrictMode>
        <MenuEditor
          initial={rows}
          onChange={(outline) => {
            textarea.value = outline;
            textarea.dispatchEvent(new Event('input', { bubbles: true }));
          }}
        />
      </StrictMode>,
    );
  }
}

startMenuEditor();
