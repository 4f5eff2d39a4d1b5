import sanitizeHtml from 'sanitize-html';

/**
 * The one allow-list for staff-written HTML. Applied when content is saved and again when it
 * is rendered, so a row written by an older version or by hand cannot smuggle in script.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h2', 'h3', 'h4', 'h5', 'strong', 'b', 'em', 'i', 'u', 's', 'sup', 'sub', 'a', 'ul', 'ol', 'li', 'blockquote', 'hr', 'span'],
  allowedAttributes: { a: ['href', 'target', 'rel', 'title'], span: ['class'] },
  allowedClasses: { span: ['fineprint', 'highlight'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
