import { useCallback, useEffect, useRef, useState } from 'react';
import { MENU_CLOSE_DELAY_MS, openDelay } from './menu-timing';

/**
 * Which desktop menu is open, with the spec's timing: hover opens after 200 ms (at once within
 * 300 ms of another menu), leaving closes after 150 ms; click toggles; Escape closes.
 */
export function useMenuController() {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const openTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastClosedAt = useRef(Number.NEGATIVE_INFINITY);
  const openRef = useRef<number | null>(null);
  useEffect(() => {
    openRef.current = openIndex;
  }, [openIndex]);

  const clearTimers = () => {
    clearTimeout(openTimer.current);
    clearTimeout(closeTimer.current);
  };
  useEffect(() => clearTimers, []);

  const close = useCallback(() => {
    clearTimers();
    if (openRef.current !== null) lastClosedAt.current = Date.now();
    setOpenIndex(null);
  }, []);

  const pointerEnter = useCallback((index: number) => {
    clearTimers();
    if (openRef.current === index) return;
    const delay = openDelay({
      anotherOpen: openRef.current !== null,
      lastClosedAt: lastClosedAt.current,
      now: Date.now(),
    });
    if (delay === 0) setOpenIndex(index);
    else openTimer.current = setTimeout(() => setOpenIndex(index), delay);
  }, []);

  const pointerLeave = useCallback(() => {
    clearTimeout(openTimer.current);
    closeTimer.current = setTimeout(close, MENU_CLOSE_DELAY_MS);
  }, [close]);

  const toggle = useCallback(
    (index: number) => {
      clearTimers();
      if (openRef.current === index) close();
      else setOpenIndex(index);
    },
    [close],
  );

  return { openIndex, close, pointerEnter, pointerLeave, toggle };
}
