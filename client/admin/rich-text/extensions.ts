import { Mark, mergeAttributes, type AnyExtension } from '@tiptap/core';
import Link from '@tiptap/extension-link';
import StarterKit from '@tiptap/starter-kit';

/**
 * The editor's document model, kept to what the server's sanitiser allows
 * (shared/rich-text/sanitize.ts): paragraphs, h2–h5, bold, italic, underline, strike,
 * superscript, subscript, lists, block quotes, rules, line breaks, links and the two span
 * classes. Code and code blocks are off because the sanitiser drops them. Anything else in
 * stored HTML is dropped by the editor just as the server would drop it.
 * test/unit/rich-text-schema.test.ts checks that every tag and attribute this produces is allowed.
 */

/** URLs a link may take: the same rule as shared/schemas/content.ts safeUrlSchema. */
export const SAFE_URL = /^(\/(?!\/)|#|https?:\/\/|mailto:|tel:)/i;

/** A link, plus the page it points at when chosen with the page chooser (`data-page-id`). */
export const PageLink = Link.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      pageId: {
        default: null,
        parseHTML: (element: HTMLElement) => {
          const id = element.getAttribute('data-page-id');
          return id && /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
        },
        renderHTML: (attributes: { pageId?: number | null }) =>
          attributes.pageId ? { 'data-page-id': String(attributes.pageId) } : {},
      },
    };
  },
});

/** A mark for one tag with no attributes (sup, sub): kept so stored HTML survives editing. */
const simpleMark = (name: string, tag: string) =>
  Mark.create({
    name,
    parseHTML: () => [{ tag }],
    renderHTML: ({ HTMLAttributes }) => [tag, mergeAttributes(HTMLAttributes), 0],
  });

/** The sanitiser's span classes ('fineprint', 'highlight'), kept through editing. */
export const SPAN_CLASSES = ['fineprint', 'highlight'] as const;
const SpanClass = Mark.create({
  name: 'spanClass',
  addAttributes: () => ({ class: { default: null } }),
  parseHTML: () => SPAN_CLASSES.map((name) => ({ tag: `span.${name}`, getAttrs: () => ({ class: name }) })),
  renderHTML: ({ HTMLAttributes }) => ['span', mergeAttributes(HTMLAttributes), 0],
});

export function richTextExtensions(): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3, 4, 5] },
      code: false,
      codeBlock: false,
      // The extended link below replaces the starter kit's.
      link: false,
    }),
    PageLink.configure({
      openOnClick: false,
      autolink: false,
      linkOnPaste: true,
      // No default target/rel: the sanitiser adds rel to links that open a new tab.
      HTMLAttributes: { target: null, rel: null, class: null },
      isAllowedUri: (url) => SAFE_URL.test(url),
    }),
    simpleMark('superscript', 'sup'),
    simpleMark('subscript', 'sub'),
    SpanClass,
  ];
}
