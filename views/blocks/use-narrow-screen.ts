import { useEffect, useState } from 'react';

/** The one breakpoint that matters (spec section 9). */
export const NARROW_QUERY = '(max-width: 840px)';

/**
 * Whether the viewport is narrow. False on the server and during hydration (so the first client
 * render matches the HTML), then follows the media query.
 */
export function useNarrowScreen(): boolean {
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(NARROW_QUERY);
    const update = () => setNarrow(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return narrow;
}
