/**
 * Calls `start` once, when `element` comes within `margin` of the viewport, at the browser's next
 * idle moment after that (or after `idleTimeout` ms at the latest). The map page uses it so that
 * neither its list nor its first paint waits for MapLibre: on a narrow screen, where the map box
 * is hidden until the visitor picks "Map", the map's code is not even downloaded before that.
 * Without IntersectionObserver it starts at the first idle moment. Returns a cancel function.
 */
export function whenNearViewAndIdle(
  element: Element,
  start: () => void,
  { margin = '200px', idleTimeout = 1500 } = {},
): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  let observer: IntersectionObserver | undefined;
  const onIdle = (run: () => void) =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(run, { timeout: idleTimeout })
      : window.setTimeout(run, 1);
  const cancelIdle = (handle: number) =>
    typeof window.cancelIdleCallback === 'function' ? window.cancelIdleCallback(handle) : window.clearTimeout(handle);
  const schedule = () => {
    observer?.disconnect();
    observer = undefined;
    idleHandle = onIdle(() => {
      if (!cancelled) start();
    });
  };
  if (typeof IntersectionObserver === 'function') {
    observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) schedule();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
  } else {
    schedule();
  }
  return () => {
    cancelled = true;
    observer?.disconnect();
    if (idleHandle !== undefined) cancelIdle(idleHandle);
  };
}
