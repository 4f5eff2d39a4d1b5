import type { HeaderLink, HeaderSection } from '../../../shared/schemas/navigation';

export type VisibleLink = HeaderLink & { url: string };

/** The third level under a link: only its links with a url. */
export function visibleChildren(link: HeaderLink): VisibleLink[] {
  return (link.children ?? []).filter((child): child is VisibleLink => Boolean(child.url));
}

/** A header link is shown only if it has a url (spec section 2). */
export function visibleLinks(section: HeaderSection): VisibleLink[] {
  return section.links.filter((link): link is VisibleLink => Boolean(link.url));
}

export const sectionsWithRole = (sections: HeaderSection[], roles: HeaderSection['role'][]) =>
  sections.filter((section) => roles.includes(section.role));

/** Social links name their network by display name or host (e.g. 'Instagram' or instagram.com). */
export function socialIconFor(link: VisibleLink): string {
  const name = link.display_name.toLowerCase().replace(/[^a-z]/g, '');
  const known = ['twitter', 'facebook', 'youtube', 'linkedin', 'instagram', 'tiktok', 'pinterest'];
  if (known.includes(name)) return name;
  const host = /^https?:\/\/(?:www\.)?([^/]+)/i.exec(link.url)?.[1]?.toLowerCase() ?? '';
  return known.find((network) => host.includes(network)) ?? name;
}
