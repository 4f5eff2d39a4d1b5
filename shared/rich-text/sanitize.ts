import sanitizeHtml from 'sanitize-html';

/**
 * The one allow-list for staff-written HTML. Applied when content is saved and again when it
 * is rendered, so a row written by an older version or by hand cannot smuggle in script.
 */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'h5',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sup',
  'sub',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'hr',
  'span',
];
/**
 * data-page-id: an internal link's page (the admin's page chooser); href holds its URL.
 * ol start: a numbered list that starts past 1, as the admin's editor writes it.
 */
export const RICH_TEXT_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'target', 'rel', 'title', 'data-page-id'],
  span: ['class'],
  ol: ['start'],
};

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: RICH_TEXT_TAGS,
  allowedAttributes: RICH_TEXT_ATTRIBUTES,
  allowedClasses: { span: ['fineprint', 'highlight'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => {
      const out = attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : { ...attribs };
      // A page id is a positive whole number or nothing.
      if ('data-page-id' in out && !/^[1-9]\d{0,9}$/.test(out['data-page-id']!)) delete out['data-page-id'];
      return { tagName, attribs: out };
    },
  },
};

/**
 * sanitize-html writes void elements as `<br />` and a no-break space as the character itself;
 * browsers (and so the admin's editor) write `<br>` and `&nbsp;`. Same HTML, but written the
 * browser's way a saved value reads back exactly as the editor wrote it. br and hr may carry no
 * attributes here, so the pattern is the whole tag.
 */
const SELF_CLOSED = /<(br|hr) \/>/g;
const NO_BREAK_SPACE = /\u00a0/g;

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).replace(SELF_CLOSED, '<$1>').replace(NO_BREAK_SPACE, '&nbsp;').trim();
}
