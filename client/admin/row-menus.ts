/**
 * Listing row menus (views/admin/PageRowMenu.tsx) are <details> disclosures that work without
 * this script. It adds what a menu button is expected to do: one open at a time, Escape closes
 * and returns focus to the button, a click elsewhere closes, and the arrow keys move between the
 * items (focus lands on the first item when the menu is opened with the keyboard).
 */
export function enhanceRowMenus(root: Document = document): void {
  const menus = () => [...root.querySelectorAll<HTMLDetailsElement>('details[data-row-menu]')];
  const items = (menu: HTMLDetailsElement) => [...menu.querySelectorAll<HTMLAnchorElement>('li a')];
  const close = (menu: HTMLDetailsElement, returnFocus: boolean) => {
    menu.open = false;
    if (returnFocus) menu.querySelector('summary')?.focus();
  };

  root.addEventListener(
    'toggle',
    (event) => {
      const opened = event.target;
      if (!(opened instanceof HTMLDetailsElement) || !opened.matches('[data-row-menu]') || !opened.open) return;
      for (const menu of menus()) if (menu !== opened && menu.open) close(menu, false);
    },
    true,
  );
  root.addEventListener('keydown', (event) => {
    const menu = (event.target as Element | null)?.closest?.<HTMLDetailsElement>('details[data-row-menu]');
    if (!menu) return;
    const list = items(menu);
    const index = list.indexOf(event.target as HTMLAnchorElement);
    if (event.key === 'Escape' && menu.open) {
      event.preventDefault();
      close(menu, true);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!menu.open) menu.open = true;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = index < 0 ? (step > 0 ? 0 : list.length - 1) : (index + step + list.length) % list.length;
      list[next]?.focus();
    }
  });
  root.addEventListener('click', (event) => {
    const inside = (event.target as Element | null)?.closest?.('details[data-row-menu]');
    for (const menu of menus()) if (menu.open && menu !== inside) close(menu, false);
  });
}
