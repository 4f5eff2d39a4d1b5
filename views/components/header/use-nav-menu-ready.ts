import { useCallback, useEffect, useRef } from 'react';
import { NAV_READY_TIMEOUT_MESSAGE, NAV_READY_TIMEOUT_MS } from './menu-timing';

/**
 * A watchdog for the header navigation: the menus call `markReady` once they are hydrated and
 * wired; if that has not happened within 500 ms of the header mounting, the spec's message is
 * logged (a warning: the page still works as plain links).
 */
export function useNavMenuReady(timeoutMs = NAV_READY_TIMEOUT_MS): () => void {
  const ready = useRef(false);
  const markReady = useCallback(() => {
    ready.current = true;
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (!ready.current) console.warn(NAV_READY_TIMEOUT_MESSAGE);
    }, timeoutMs);
    return () => clearTimeout(timer);
  }, [timeoutMs]);
  return markReady;
}
