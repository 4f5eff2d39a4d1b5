/** One match on the search across the admin: its title, where it leads, and a line saying what it is. */
export type AdminSearchItem = {
  title: string;
  /** The object's edit screen; absent when the viewer may only list it. */
  href?: string;
  /** Where it sits or what it is (a page's parent and status, a file's upload time). */
  detail?: string;
};

/** One kind of object (pages, images, a snippet model, users) with its first matches. */
export type AdminSearchGroup = {
  key: string;
  /** The kind's name in the plural ("Pages", "Countries"). */
  label: string;
  /** "Snippets" for snippet models, so the heading says what they are. */
  category?: string;
  total: number;
  items: AdminSearchItem[];
  /** The kind's own listing filtered by the same query. */
  seeAllHref: string;
};

export type AdminSearchView = {
  query: string;
  groups: AdminSearchGroup[];
};
