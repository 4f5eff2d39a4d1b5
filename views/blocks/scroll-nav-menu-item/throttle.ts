/**
 * Calls `fn` at most once per `waitMs`, and once more after the last call in a burst, so the
 * final scroll position is always handled.
 */
export function throttle(fn: () => void, waitMs: number): { (): void; cancel(): void } {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    last = Date.now();
    timer = undefined;
    fn();
  };
  const throttled = () => {
    const remaining = waitMs - (Date.now() - last);
    if (remaining <= 0) run();
    else timer ??= setTimeout(run, remaining);
  };
  throttled.cancel = () => clearTimeout(timer);
  return throttled;
}
