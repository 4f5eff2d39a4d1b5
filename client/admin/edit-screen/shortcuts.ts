/**
 * Ctrl+S (Cmd+S on a Mac) saves a draft, as Wagtail does: the same submit as the Save draft
 * button (so autosave and the newer-version check see an ordinary save), never the browser's
 * 'Save page as'.
 */
export function saveDraftOnCtrlS(form: HTMLFormElement, saveDraft: HTMLButtonElement): void {
  document.addEventListener('keydown', (event) => {
    if (event.key.toLowerCase() !== 's' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    event.preventDefault();
    // Held down, the key repeats: one save.
    if (event.repeat) return;
    form.requestSubmit(saveDraft);
  });
}
