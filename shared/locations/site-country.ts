/**
 * The country a page's visitors are in, read from its language's region ('en-CA', 'fr-CA' are
 * the Canada site; 'en-US' the US one): the geocoder ranks that country's places first.
 */
export function countryOfLanguage(languageCode: string | undefined): 'US' | 'CA' | undefined {
  const region = languageCode?.split('-')[1]?.toUpperCase();
  return region === 'US' || region === 'CA' ? region : undefined;
}
