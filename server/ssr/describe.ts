import type { ResolvedPage } from '../modules/pages/public-service';

const MAX_LENGTH = 160;

function clip(text: string): string {
  // Tags become spaces when stripped; none belongs before punctuation ("<b>weddings</b>, ...").
  const clean = text
    .replace(/\s+/g, ' ')
    .replace(/ ([,.;:!?])/g, '$1')
    .trim();
  if (clean.length <= MAX_LENGTH) return clean;
  const cut = clean.slice(0, MAX_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > 80 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

function stripTags(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&(lt|gt|quot|#39|#x27);/g, ' ');
}

/** The first prose of the content: a string of several words that is not a URL, id or markup name. */
function firstProse(value: unknown, depth = 0): string | null {
  if (depth > 12 || value === null || value === undefined) return null;
  if (typeof value === 'string') {
    const text = stripTags(value).trim();
    return text.split(/\s+/).length >= 6 && !/^(https?:|\/)/.test(text) ? text : null;
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = firstProse(item, depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object') {
    // Tiptap/ProseMirror documents keep their words in `text` nodes, one or a few words each.
    const node = value as { type?: unknown; content?: unknown; text?: unknown };
    if (node.type === 'paragraph' && Array.isArray(node.content)) {
      const text = node.content
        .map((child: { text?: unknown }) => (typeof child?.text === 'string' ? child.text : ''))
        .join('');
      if (text.split(/\s+/).length >= 6) return text;
    }
    for (const [key, child] of Object.entries(value)) {
      if (/^(id|type|url|href|src|image|slug|style|variant|alt)$/i.test(key)) continue;
      const found = firstProse(child, depth + 1);
      if (found) return found;
    }
  }
  return null;
}

/** Names listed by a directory page (states, cities, restaurants), in order. */
function listedNames(value: unknown, names: string[] = [], depth = 0): string[] {
  if (depth > 6 || names.length >= 12 || value === null || typeof value !== 'object') return names;
  if (Array.isArray(value)) {
    for (const item of value) {
      const name = (item as { name?: unknown } | null)?.name;
      if (typeof name === 'string' && names.length < 12 && !names.includes(name)) names.push(name);
      listedNames(item, names, depth + 1);
    }
    return names;
  }
  for (const child of Object.values(value)) listedNames(child, names, depth + 1);
  return names;
}

/**
 * The meta description of a page: its search description, else one made from its content (the
 * restaurant's address, the first prose, the places a directory lists), else its title and site.
 */
export function pageDescription(resolved: Pick<ResolvedPage, 'page' | 'structuredData'>, siteName: string): string {
  const { page } = resolved;
  if (page.searchDescription.trim()) return page.searchDescription.trim();
  const data = resolved.structuredData as
    { name?: unknown; address?: Record<string, unknown>; telephone?: unknown } | undefined;
  if (data?.address && typeof data.address === 'object') {
    const { streetAddress, addressLocality, addressRegion, postalCode } = data.address;
    const place = [streetAddress, addressLocality, [addressRegion, postalCode].filter(Boolean).join(' ')]
      .filter((part) => typeof part === 'string' && part)
      .join(', ');
    const phone = typeof data.telephone === 'string' ? ` ${data.telephone}.` : '';
    return clip(`${typeof data.name === 'string' ? data.name : siteName}: ${place}.${phone}`);
  }
  const prose = firstProse(page.content);
  if (prose) return clip(prose);
  const names = listedNames(page.extra);
  if (names.length > 0) return clip(`${page.title}: ${names.join(', ')}`);
  return clip(`${page.title} | ${siteName}`);
}
