import type { JsonSchema } from '../editor/json-schema';

/** One row of a chooser's results: something the user may pick, and maybe browse into. */
export type ChooserItem = {
  id: number;
  title: string;
  /** A short line under the title (type, status, URL). */
  detail?: string;
  /** How many children can be browsed into (0 or absent: a leaf). */
  childCount?: number;
  /** Why this item cannot be chosen (shown instead of the Choose button), or undefined. */
  unavailable?: string;
  /** A small picture of the item (an image's thumbnail), shown beside its title. */
  thumbnail?: string;
  /** The source's own record, handed back to `toValue`. */
  record: unknown;
};

/** Where a browsing chooser stands: the item whose children are listed (null: the top level). */
export type BrowsePlace = { id: number; title: string } | null;

/** `filters` holds each filter's chosen value by name ('' or absent: any). */
export type ChooserQuery = {
  search: string;
  parent: BrowsePlace;
  offset: number;
  filters?: Readonly<Record<string, string>>;
};

/** A select above the results that narrows them (the image chooser's collection). */
export type ChooserFilter = {
  name: string;
  label: string;
  /** The first option, which filters nothing ('Any collection'). */
  anyLabel: string;
  choices(signal: AbortSignal): Promise<Array<{ value: string; label: string }>>;
};

/** Adding a new item from inside the chooser (the image chooser's upload): it is chosen at once. */
export type ChooserUpload = {
  accept: string;
  help: string;
  /** Whether to ask for alt text (images). */
  altText: boolean;
  /** Sends the file and its fields; the filters' current values go with it (the collection). */
  send(
    fields: { file: File; title: string; altText: string; filters: Readonly<Record<string, string>> },
    signal: AbortSignal,
  ): Promise<ChooserItem>;
};
export type ChooserPage = { items: ChooserItem[]; total: number; pageSize: number };

/**
 * A kind of thing a block field can point at (a page, an image, a toolbox snippet). Adding one
 * is a new file implementing this and one line in `registry.ts`.
 */
export type ChooserDefinition = {
  /** The editing-metadata widget name that selects this chooser ('page_chooser'). */
  widget: string;
  /** What is chosen, in words: 'page' gives 'Choose a page', 'Change page'. */
  noun: string;
  /** One page of results: a search when `search` is not empty, else the children of `parent`. */
  load(query: ChooserQuery, signal: AbortSignal): Promise<ChooserPage>;
  /** True when results can be browsed into (a tree); false for flat collections. */
  browsable: boolean;
  /** The stored value for a chosen item, in the shape the field's schema asks for. */
  toValue(item: ChooserItem, schema: JsonSchema): unknown;
  /** What to show for a stored value, or null when nothing is chosen. */
  describe(value: unknown): string | null;
  filters?: readonly ChooserFilter[];
  upload?: ChooserUpload;
  /** 'grid': results as thumbnails moved through with the arrow keys (images). Default: a list. */
  layout?: 'list' | 'grid';
  /** A small picture of a stored value, shown in the field beside its name (an image). */
  thumbnailOf?(value: unknown): string | null;
  /** Where the stored value is edited in the admin (opened in a new tab), or null. */
  editUrlOf?(value: unknown): string | null;
  /**
   * Completes a chosen item before `toValue` when the listing does not carry what the stored value
   * needs (an image's renditions). Rejects with a message to show.
   */
  resolve?(item: ChooserItem, signal: AbortSignal): Promise<ChooserItem>;
};
