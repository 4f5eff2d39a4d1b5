/**
 * The error summary above a form that did not save (views/admin/FormFields.tsx): it takes focus
 * when the screen loads, and each of its links moves focus to its field, with the field's label
 * scrolled into view above it (a plain in-page link would only scroll, leaving focus behind).
 */
export function wireErrorSummary(root: ParentNode = document): void {
  const summary = root.querySelector<HTMLElement>('[data-error-summary]');
  if (!summary) return;
  summary.focus();
  summary.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-error-link]');
    const id = link?.hash ? decodeURIComponent(link.hash.slice(1)) : '';
    const field = id ? document.getElementById(id) : null;
    // A field in a tab not on show: the tabs follow the link's hash themselves (EditTabs.tsx).
    if (!field || field.getClientRects().length === 0) return;
    event.preventDefault();
    const label = document.querySelector(`label[for="${CSS.escape(id)}"]`) ?? field;
    label.scrollIntoView({ block: 'start' });
    field.focus({ preventScroll: true });
  });
}
