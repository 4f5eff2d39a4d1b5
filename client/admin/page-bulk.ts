/**
 * Page listings with JavaScript: the "select all" box and the count of selected pages on the bulk
 * actions bar, and Escape closing the filter drawer (focus back on its summary). Without
 * JavaScript the rows are ticked one by one and the drawer closes with its summary or Close link.
 */
export function wirePageBulk(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-page-bulk]')) {
    // Not form.id: the ticked boxes are controls named "id" of this form, which shadow that property.
    const formId = form.getAttribute('id') ?? '';
    const boxes = [...document.querySelectorAll<HTMLInputElement>(`input[data-bulk-select][form="${formId}"]`)];
    const all = document.querySelector<HTMLInputElement>(`input[data-bulk-select-all][form="${formId}"]`);
    const count = form.querySelector<HTMLElement>('[data-bulk-count]');
    const sync = () => {
      const ticked = boxes.filter((box) => box.checked).length;
      if (count) count.textContent = ticked === 1 ? '1 page selected' : `${ticked} pages selected`;
      if (all) {
        all.checked = ticked > 0 && ticked === boxes.length;
        all.indeterminate = ticked > 0 && ticked < boxes.length;
      }
    };
    if (all) {
      all.hidden = false;
      all.addEventListener('change', () => {
        for (const box of boxes) box.checked = all.checked;
        sync();
      });
    }
    for (const box of boxes) box.addEventListener('change', sync);
    sync();
  }
  const drawer = document.querySelector<HTMLDetailsElement>('details[data-filter-drawer]');
  if (drawer) {
    drawer.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || !drawer.open) return;
      drawer.open = false;
      drawer.querySelector('summary')?.focus();
    });
  }
}
