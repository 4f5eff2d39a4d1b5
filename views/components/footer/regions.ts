import type { Region } from '../../../shared/schemas/navigation';

/** The region switcher leaves out the region(s) the visitor is in: those whose url prefixes the current url. */
export function otherRegions(regions: Region[], currentUrl: string): Region[] {
  return regions.filter((region) => !currentUrl.startsWith(region.url));
}
