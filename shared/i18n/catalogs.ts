import type { Catalog } from './translator';
import { frCA } from './catalogs/fr-CA';
import { frCAA11yReport } from './catalogs/fr-CA-a11y-report';
import { frCAErrors } from './catalogs/fr-CA-errors';
import { frCAForms } from './catalogs/fr-CA-forms';
import { frCAWaitlist } from './catalogs/fr-CA-waitlist';

/** Each language's catalog parts, joined when asked for (so a test that edits a part is heard). */
const catalogs: Record<string, readonly Catalog[]> = {
  'fr-CA': [frCA, frCAForms, frCAWaitlist, frCAA11yReport, frCAErrors],
};

/** The full catalog of a language; English source strings need none. */
export function catalogFor(languageCode: string): Catalog {
  return (catalogs[languageCode] ?? []).flat();
}

/** The languages that have a catalog ('fr-CA'), besides English. */
export const catalogLanguages = (): string[] => Object.keys(catalogs);
