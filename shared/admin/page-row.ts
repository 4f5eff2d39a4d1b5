/** One entry of a page row's menu: only the actions the viewer may do are ever listed. */
export type PageRowActionKey =
  'view_live' | 'add_child' | 'edit' | 'move' | 'copy' | 'delete' | 'history' | 'unpublish' | 'translate';

export type PageRowAction = { key: PageRowActionKey; label: string; href: string };

/**
 * Where a page lives, shown beside its title wherever two pages could be confused (a "Press" page
 * on the US site and one on the Canada site): the site's name and the page's language.
 */
export type PagePlace = { site: string; locale: string };
