/** Links every location view builds the same way (picker, map page, directory pages). */

/** An external maps directions URL to the restaurant's coordinates (opened in a new tab). */
export function directionsUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${latitude},${longitude}`;
}

/**
 * Online ordering: /order?rlid= on the location's countryRootURL, else on the current site
 * (a root-relative link, which the browser resolves against the site being viewed).
 */
export function orderUrl(rlid: number, countryRootURL: string | null | undefined): string {
  const path = `/order?rlid=${encodeURIComponent(String(rlid))}`;
  return countryRootURL ? new URL(path, countryRootURL).href : path;
}
