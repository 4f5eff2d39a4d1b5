/**
 * The rail's tooltips are CSS (sidebar.css): they show on hover and keyboard focus. WCAG 1.4.13
 * also asks that they can be dismissed without moving the pointer or the focus: Escape hides
 * them until the pointer or the focus moves to another control.
 */
export function wireSidebarTips(sidebar: HTMLElement): void {
  const HIDDEN = 'admin-sidebar--tips-hidden';
  let hiddenOn: Element | null = null;
  const controlOf = (target: EventTarget | null) =>
    target instanceof Element ? target.closest('.admin-sidebar a, .admin-sidebar button') : null;
  const show = () => {
    sidebar.classList.remove(HIDDEN);
    hiddenOn = null;
  };
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const current = sidebar.querySelector('a:hover, button:hover') ?? controlOf(document.activeElement);
    if (!current || !sidebar.contains(current)) return;
    sidebar.classList.add(HIDDEN);
    hiddenOn = current;
  });
  sidebar.addEventListener('pointerover', (event) => {
    if (hiddenOn && controlOf(event.target) !== hiddenOn) show();
  });
  sidebar.addEventListener('pointerleave', () => {
    if (hiddenOn && !sidebar.contains(document.activeElement)) show();
  });
  sidebar.addEventListener('focusin', (event) => {
    if (hiddenOn && controlOf(event.target) !== hiddenOn) show();
  });
}
