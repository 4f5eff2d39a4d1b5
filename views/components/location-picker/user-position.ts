import type { LatLng } from '../../../shared/locations/geo';

/**
 * The visitor's position from the page's `latitude` and `longitude` query parameters, when both
 * parse as numbers (spec section 4); otherwise null.
 */
export function positionFromQuery(search: string): LatLng | null {
  const params = new URLSearchParams(search);
  const latitude = params.get('latitude');
  const longitude = params.get('longitude');
  if (latitude === null || longitude === null || latitude.trim() === '' || longitude.trim() === '') return null;
  const lat = Number(latitude);
  const lng = Number(longitude);
  return Number.isFinite(lat) && Number.isFinite(lng) ? { latitude: lat, longitude: lng } : null;
}

/**
 * The browser's position at low accuracy (a city is enough to rank restaurants). Only called
 * when the visitor asks for it, so no permission prompt appears on page load.
 */
export function browserPosition(): Promise<LatLng> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('Geolocation is not available'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => reject(new Error(`Geolocation failed: ${error.message}`)),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 600_000 },
    );
  });
}
