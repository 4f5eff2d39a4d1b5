import type { Db } from '../../db';
import { badRequest } from '../../errors';
import { siteOrigin } from '../../http/host';
import type { HeaderContent, HeaderLink } from '../../../shared/schemas/navigation';
import { menuOutlineOf } from '../../../shared/schemas/menu-outline';
import { findPageAddresses } from '../pages/references-repo';
import { publicPath, type SiteTree } from '../pages/site-tree';

/**
 * Header links that point at a page store its id; these turn the id into the page's current
 * address when the header is read, so a moved or renamed page keeps its menu link working.
 */

type Leaf = { display_name: string; url?: string; page?: number };

function* leaves(content: HeaderContent): Generator<Leaf> {
  for (const section of content.sections)
    for (const link of section.links) {
      yield link;
      for (const child of link.children ?? []) yield child;
    }
}

export const headerPageIds = (content: HeaderContent): number[] => [
  ...new Set([...leaves(content)].flatMap((leaf) => (leaf.page === undefined ? [] : [leaf.page]))),
];

/**
 * Refuses a menu whose page links point at pages that do not exist, naming the outline line
 * (the structured editor shows the message on that row's page field).
 */
export async function checkHeaderPages(db: Db, content: HeaderContent): Promise<void> {
  const ids = headerPageIds(content);
  if (!ids.length) return;
  const found = new Set((await findPageAddresses(db, ids)).map((page) => page.id));
  const lines = menuOutlineOf(content).split('\n');
  for (const [index, line] of lines.entries()) {
    const page = /\| page:(\d+)$/.exec(line)?.[1];
    if (page === undefined || found.has(Number(page))) continue;
    const message = `Line ${index + 1}: the page chosen for this link (page ${page}) no longer exists. Choose another page or enter an address.`;
    throw badRequest(message, { menu: [message] });
  }
}

/**
 * The content with each page link's `url` set to the page's current address: a path on the
 * header's own site, a full URL on another site; a draft, deleted or unrouted page gets no
 * address (the link is kept but not shown, like a link without one).
 */
export async function withPageAddresses(
  db: Db,
  headers: ReadonlyArray<{ content: HeaderContent; tree: SiteTree | undefined }>,
  trees: readonly SiteTree[],
): Promise<HeaderContent[]> {
  const ids = [...new Set(headers.flatMap((header) => headerPageIds(header.content)))];
  const pages = new Map((await findPageAddresses(db, ids)).map((page) => [page.id, page]));
  const addressOf = (pageId: number, own: SiteTree | undefined): string | undefined => {
    const page = pages.get(pageId);
    if (!page?.live) return undefined;
    for (const tree of own ? [own, ...trees.filter((t) => t !== own)] : trees) {
      const path = publicPath(tree, page);
      if (path !== null) return tree === own ? path : `${siteOrigin(tree.site)}${path}`;
    }
    return undefined;
  };
  const resolve = <T extends Leaf>(leaf: T, own: SiteTree | undefined): T => {
    if (leaf.page === undefined) return leaf;
    const { url: _stored, ...rest } = leaf;
    const url = addressOf(leaf.page, own);
    return (url === undefined ? rest : { ...rest, url }) as T;
  };
  return headers.map(({ content, tree }) => ({
    sections: content.sections.map((section) => ({
      ...section,
      links: section.links.map((link): HeaderLink => {
        const resolved = resolve(link, tree);
        return link.children ? { ...resolved, children: link.children.map((child) => resolve(child, tree)) } : resolved;
      }),
    })),
  }));
}
