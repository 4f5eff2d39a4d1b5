import { useCallback, useState } from 'react';
import { useT } from '../../../page-context';

export type Position = { latitude: number; longitude: number };

/**
 * Strings the map page says only in the browser, after hydration. The page carries only the
 * catalog entries its server render used, so the render touches these once to make them
 * travel with the page (a French page would otherwise say them in English).
 */
const BROWSER_ONLY_STRINGS = [
  'Use my location',
  'Finding your location…',
  'Restaurants near you',
  'Restaurants near your restaurant in {place}',
  'Your browser cannot share your location. Search by city, state, or ZIP code instead.',
  'The restaurants near you could not be loaded. Please try again.',
  'Your location was not shared. Search by city, state, or ZIP code instead.',
  'Your location could not be found. Search by city, state, or ZIP code instead.',
] as const;

/**
 * The "Use my location" button's behaviour: the browser's geolocation, asked for only when the
 * visitor presses it. A refusal or a failure becomes a sentence that says what to do instead.
 */
export function useMyLocation(onPosition: (position: Position) => Promise<boolean>) {
  const t = useT();
  for (const key of BROWSER_ONLY_STRINGS) t(key);
  const [locating, setLocating] = useState(false);
  const [notice, setNotice] = useState('');

  const locate = useCallback(() => {
    if (locating) return;
    if (!('geolocation' in navigator)) {
      setNotice(t('Your browser cannot share your location. Search by city, state, or ZIP code instead.'));
      return;
    }
    setNotice('');
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        void onPosition({ latitude: coords.latitude, longitude: coords.longitude }).then((ok) => {
          setLocating(false);
          if (!ok) setNotice(t('The restaurants near you could not be loaded. Please try again.'));
        });
      },
      (error) => {
        setLocating(false);
        setNotice(
          error.code === error.PERMISSION_DENIED
            ? t('Your location was not shared. Search by city, state, or ZIP code instead.')
            : t('Your location could not be found. Search by city, state, or ZIP code instead.'),
        );
      },
      // A city-level position is enough, and one from the last ten minutes will do.
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 600_000 },
    );
  }, [locating, onPosition, t]);

  const clearNotice = useCallback(() => setNotice(''), []);
  return { locate, locating, notice, clearNotice };
}
