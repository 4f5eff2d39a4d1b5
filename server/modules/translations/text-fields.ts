/**
 * Which strings of page content a translator translates. Content is walked generically (blocks
 * nest, lists hold structs), so the decision is by key: a key listed in TEXT_KEYS holds words
 * people read; a key in NOT_TEXT_KEYS holds a URL, a choice, a date, a handle, copied as it is.
 * test/unit/translation-segments.test.ts walks every block's demo value and fails on a string
 * under a key in neither list, so a new block field is classified on purpose, never by accident.
 */
export const TEXT_KEYS: ReadonlySet<string> = new Set([
  'heading',
  'subheading',
  'text',
  'html',
  'title',
  'caption',
  'content',
  'copy',
  'default_content',
  'hidden_content',
  'description',
  'fineprint',
  'footer',
  'header',
  'answer',
  'question',
  'display_name',
  'label',
  'name',
  'submit_label',
  'intro',
  'default_alt_text',
  'contact_info',
  // A table block's cells (a list of rows of strings).
  'rows',
]);

/** Keys whose string is a URL, a choice or an identifier: copied, never offered for translation. */
export const NOT_TEXT_KEYS: ReadonlySet<string> = new Set([
  'id',
  'type',
  'kind',
  'url',
  'mobile_url',
  'share_url',
  'link',
  'redirect_to',
  'slug',
  'link_type',
  'link_style',
  'background_style',
  'alignment',
  'container',
  'level',
  'layout',
  'image_position',
  'mimetype',
  'date',
  'expires_on',
  'year',
  'handle',
  'hashtag',
  'src',
  'srclang',
]);

/**
 * Subtrees copied whole: an image's renditions and library data, a video's files and text
 * tracks (their labels belong to the media library, not to the page).
 */
export const COPIED_SUBTREES: ReadonlySet<string> = new Set([
  'renditions',
  'sources',
  'tracks',
  'imageData',
  'focal_point',
]);

/** Keys holding a URL that may point at a page of the site (mapped to its translation). */
export const URL_KEYS: ReadonlySet<string> = new Set(['url', 'link', 'redirect_to']);
