import type { Catalog } from './translator';
import { frCA } from './catalogs/fr-CA';

const catalogs: Record<string, Catalog> = { 'fr-CA': frCA };

/** The full catalog of a language; English source strings need none. */
export function catalogFor(languageCode: string): Catalog {
  return catalogs[languageCode] ?? [];
}
