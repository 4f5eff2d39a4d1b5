import type { UserbarView } from '../../shared/schemas/userbar';

/**
 * The staff userbar (Wagtail's): a button in the corner that opens a short list of links. Built
 * with DOM calls and CSSOM styles, outside the React root so hydration never sees it, and with no
 * stylesheet of its own (the public CSS stays the same for everyone; inline style attributes
 * would break the content security policy, CSSOM properties do not).
 */
export function drawUserbar(view: UserbarView): void {
  if (document.querySelector('[data-userbar]')) return;
  const nav = el('nav', { position: 'fixed', insetBlockEnd: '16px', insetInlineEnd: '16px', zIndex: '2147483000' });
  nav.setAttribute('aria-label', 'Staff userbar');
  nav.dataset.userbar = '';
  const list = el('ul', {
    display: 'none',
    listStyle: 'none',
    margin: '0 0 8px',
    padding: '4px 0',
    background: '#fff',
    color: '#1c1c1c',
    border: '1px solid #d5dde3',
    borderRadius: '6px',
    boxShadow: '0 4px 16px rgb(0 0 0 / 0.2)',
    minWidth: '220px',
    font: '16px/1.4 system-ui, sans-serif',
  });
  list.id = 'staff-userbar-links';
  const links: Array<[string, string | null]> = [
    ['Edit this page', view.editUrl],
    ['View in the admin', view.adminUrl],
    ['Accessibility checks', view.checksUrl],
  ];
  for (const [label, href] of links) {
    if (!href) continue;
    const item = document.createElement('li');
    const link = el('a', { display: 'block', padding: '10px 14px', color: '#0a6b77', minHeight: '24px' });
    link.href = href;
    link.textContent = label;
    item.append(link);
    list.append(item);
  }
  const button = el('button', {
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: '44px',
    minWidth: '44px',
    padding: '0 16px',
    border: '0',
    borderRadius: '22px',
    background: '#0b2341',
    color: '#fff',
    font: '600 16px system-ui, sans-serif',
    cursor: 'pointer',
  });
  button.type = 'button';
  button.textContent = 'Staff';
  button.setAttribute('aria-expanded', 'false');
  button.setAttribute('aria-controls', list.id);
  const setOpen = (open: boolean) => {
    list.style.display = open ? 'block' : 'none';
    button.setAttribute('aria-expanded', String(open));
  };
  button.addEventListener('click', () => setOpen(list.style.display === 'none'));
  nav.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || list.style.display === 'none') return;
    setOpen(false);
    button.focus();
  });
  nav.append(list, button);
  document.body.append(nav);
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  style: Partial<CSSStyleDeclaration>,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  Object.assign(node.style, style);
  return node;
}
