import type { PageFilterKey } from '../schemas/page-filters';

export type FilterChoice = { value: string; label: string };
export type PageFilterChoices = Record<PageFilterKey, FilterChoice[]>;

/** The explorer's filter drawer and its chips, as the server worked them out. */
export type PageFiltersView = {
  /** The values in the URL (as typed, also the invalid ones, so the drawer shows what was asked). */
  values: Partial<Record<PageFilterKey, string>>;
  choices: PageFilterChoices;
  /** One chip per applied filter: what it says, and the URL without it (ordering kept, page 1). */
  chips: Array<{ key: PageFilterKey; label: string; removeHref: string }>;
  /** The applied filters as query pairs (links that re-sort or page keep them). */
  applied: Array<[PageFilterKey, string]>;
  /** The URL with no filter (ordering kept). */
  clearHref: string;
  /** Per field: why its value was not applied. */
  errors: Partial<Record<PageFilterKey, string>>;
};
