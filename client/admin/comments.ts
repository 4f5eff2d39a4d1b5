import { ACTION_ICONS } from '../../shared/admin/icons';
import { iconElement } from './icon-element';
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
    const response = await fetch(form.action, {
      method: 'POST',
      body,
      credentials: 'same-origin',
      headers: { 'X-Comments-Panel': '1' },
    });
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
  document.dispatchEvent(new Event('comments-updated'));
  // After a refusal, the first field with an error; otherwise the panel's status line says what was done.
  const invalid = next.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (invalid) invalid.focus();
  else next.focus();
}

const OPEN_KEY = 'wagtail:comments-panel';

/**
 * The comments in the side panel: a 'Comments' toggle in the action bar moves the panel from under
 * the form into the column beside it (with the live preview, when that is open too) and back. The
 * choice is remembered in this browser. The toggle counts the open comments.
 */
export function enhanceCommentsPanel(screen: HTMLElement, form: HTMLFormElement): void {
  const columns = screen.querySelector<HTMLElement>('[data-edit-columns]');
  const main = screen.querySelector<HTMLElement>('.admin-edit__main');
  const bar = form.querySelector<HTMLElement>('[data-action-bar]');
  const panel = () => document.getElementById('comments');
  if (!columns || !main || !bar || !panel()) return;
  const side = document.createElement('div');
  side.className = 'admin-edit__comments';
  columns.append(side);
  const button = document.createElement('button');
  button.type = 'button';
  // On phones only the icon shows (the label stays for screen readers), so the bar keeps to one row.
  button.className = 'admin-button admin-button--secondary admin-action-bar__toggle';
  button.setAttribute('aria-controls', 'comments');
  button.dataset.commentsToggle = '';
  const text = document.createElement('span');
  text.className = 'admin-action-bar__label';
  button.append(iconElement(ACTION_ICONS.comments), text);
  bar.append(button);
  let open = false;
  const label = () => {
    const count = Number(panel()?.dataset.openCount ?? '0');
    text.textContent = `${open ? 'Hide comments' : 'Comments'}${count ? ` (${count} open)` : ''}`;
  };
  const place = (next: boolean) => {
    open = next;
    const element = panel();
    if (element) (open ? side : main).append(element);
    columns.classList.toggle('admin-edit__columns--comments', open);
    button.setAttribute('aria-expanded', String(open));
    if (open) localStorage.setItem(OPEN_KEY, 'open');
    else localStorage.removeItem(OPEN_KEY);
    label();
  };
  button.addEventListener('click', () => {
    place(!open);
    if (open) panel()?.focus();
  });
  document.addEventListener('comments-updated', label);
  // A link to the comments (the e-mails' '#comments') opens the panel.
  place(localStorage.getItem(OPEN_KEY) === 'open' || location.hash === '#comments');
}
