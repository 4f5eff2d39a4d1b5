/**
 * The language of the guest page a party joined or booked on: its catalog's language code and
 * the path prefix of that language on the site ('' for the site's first language, '/fr' for the
 * Canada site's French). Stored on the entry or reservation, so every later message (sent by a
 * job, perhaps after the host stand acted) speaks it and links back to the same language.
 */
export type GuestLanguage = { code: string; prefix: string };

const PREFIX = /^(\/[a-z][a-z-]{0,19})?$/;

/** The columns to store; an unknown or malformed prefix (never expected) falls back to none. */
export function languageColumns(language: GuestLanguage | undefined): { language_code?: string; path_prefix?: string } {
  if (!language) return {};
  return {
    language_code: language.code.slice(0, 20),
    path_prefix: PREFIX.test(language.prefix) ? language.prefix : '',
  };
}
