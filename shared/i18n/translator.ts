import { oncePerObject } from '../memo/once-per-object';

/**
 * A gettext-style translator shared by server and browser. The catalog is a list of
 * {context, key, value} entries (spec section 2); a plural entry's value holds two forms,
 * and any count other than 1 takes the second (spec section 1).
 */
export type CatalogEntry = { context: string; key: string; value: string | [string, string] };
export type Catalog = CatalogEntry[];

export type TranslateOptions = {
  /** Disambiguates identical source strings used in different places. */
  context?: string;
  /** With `plural`, selects the form: 1 is singular, anything else plural. */
  count?: number;
  /** The English plural form, used when the catalog has no entry. */
  plural?: string;
  /** Values for `{name}` placeholders; `{count}` is filled from `count` too. */
  values?: Record<string, string | number>;
};

export type Translate = (key: string, options?: TranslateOptions) => string;

const entryId = (context: string, key: string) => `${context}\u0004${key}`;

/**
 * `onUse` hears every entry a lookup found; `onMissing` every lookup the catalog had no entry
 * for (the server uses it to report untranslated strings on non-English pages).
 */
export function createTranslator(
  catalog: Catalog,
  onUse?: (entry: CatalogEntry) => void,
  onMissing?: (context: string, key: string) => void,
): Translate {
  const entries = indexOf(catalog);
  return (key, options = {}) => {
    const entry = entries.get(entryId(options.context ?? '', key));
    if (entry) onUse?.(entry);
    else onMissing?.(options.context ?? '', key);
    const plural = options.plural !== undefined || Array.isArray(entry?.value);
    const isSingular = options.count === 1;
    let text: string;
    if (entry) {
      text = Array.isArray(entry.value) ? entry.value[isSingular || !plural ? 0 : 1] : entry.value;
    } else {
      text = plural && !isSingular && options.plural !== undefined ? options.plural : key;
    }
    if (!text.includes('{')) return text;
    return interpolate(text, { ...(options.count === undefined ? {} : { count: options.count }), ...options.values });
  };
}

/** A catalog's lookup table, built once per catalog (the server renders every page from the same few). */
const indexOf = oncePerObject(
  (catalog: Catalog) => new Map(catalog.map((entry) => [entryId(entry.context, entry.key), entry])),
);

function interpolate(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}
