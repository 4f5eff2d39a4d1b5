/**
 * The edit screen's comments panel posts in the background: its forms (add, reply, resolve) are
 * sent with fetch and the server answers with the panel redrawn, which replaces this one. The page
 * form's unsaved edits stay where they are. Without JavaScript the same forms post and come back
 * to the edit screen (server/modules/admin/pages/comments.tsx).
 */
export function enhanceComments(): void {
  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.matches('[data-comments-panel] form[data-comment-form]')) return;
    event.preventDefault();
    void post(form);
  });
}

async function post(form: HTMLFormElement): Promise<void> {
  const panel = form.closest<HTMLElement>('[data-comments-panel]');
  if (!panel || panel.getAttribute('aria-busy') === 'true') return;
  panel.setAttribute('aria-busy', 'true');
  const body = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') body.append(name, value);
  let fresh: Element | null = null;
  try {
    const response = await fetch(form.action, { method: 'POST', body, credentials: 'same-origin', headers: { 'X-Comments-Panel': '1' } });
    const html = await response.text();
    fresh = new DOMParser().parseFromString(html, 'text/html').querySelector('[data-comments-panel]');
  } catch {
    fresh = null;
  }
  panel.removeAttribute('aria-busy');
  // No panel in the answer (signed out, a server error): post the plain way and let the server say what happened.
  if (!fresh) return form.submit();
  const next = document.importNode(fresh, true) as HTMLElement;
  panel.replaceWith(next);
  // After a refusal, the first field with an error; otherwise the panel's status line says what was done.
  const invalid = next.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (invalid) invalid.focus();
  else next.focus();
}
