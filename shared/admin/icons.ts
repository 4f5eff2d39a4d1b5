/**
 * The back office's icons: names from the open lucide-static set (ISC). scripts/build-assets.ts
 * puts exactly the icons named here into one SVG sprite (/static/assets/admin-icons-<hash>.svg), so
 * the sprite holds what the screens use and nothing else. Every icon is decorative: a visible or
 * visually hidden label beside it says what it stands for.
 */

/** The main menu's entries by key (fixed entries and the areas of admin/areas.ts). */
export const SECTION_ICONS = {
  dashboard: 'layout-dashboard',
  pages: 'files',
  images: 'image',
  documents: 'file-text',
  videos: 'video',
  forms: 'clipboard-list',
  redirects: 'arrow-left-right',
  collections: 'folder-tree',
  snippets: 'puzzle',
  waitlist: 'utensils',
  reports: 'chart-bar',
  workflows: 'workflow',
  'workflows/tasks': 'list-checks',
  embeds: 'code-xml',
  settings: 'settings',
  users: 'users',
  groups: 'shield',
  sites: 'globe',
  account: 'user',
} as const;
const SECTION_FALLBACK = 'folder';

/** The block picker and the block cards, by block type (views/blocks/*). */
export const BLOCK_ICONS = {
  heading: 'heading',
  rich_text: 'pilcrow',
  alert: 'triangle-alert',
  table: 'table',
  faqs: 'circle-help',
  accordion_feature: 'list-collapse',
  timeline: 'milestone',
  hero: 'panel-top',
  two_column_hero: 'columns-2',
  feature_image: 'image',
  full_width_media: 'gallery-horizontal',
  full_width_media_cta: 'image-play',
  media_grid: 'layout-grid',
  video_feature: 'square-play',
  iframe: 'frame',
  image_link: 'link-2',
  social_grid: 'share-2',
  two_column_feature: 'layout-panel-left',
  content_grid: 'grid-2x2',
  custom_background_image_wrapper: 'layout-template',
  tabbed_features: 'layout-panel-top',
  coupon: 'ticket',
  gift_cards_feature: 'gift',
  fresh_catch_news_promo: 'fish',
  article_preview_grid: 'newspaper',
  unsubscribe: 'mail-x',
  link_row: 'link',
  scroll_nav_menu_item: 'list-ordered',
  sitemap: 'network',
  tiered_nav: 'rows-3',
  toolbox: 'toolbox',
} as const;

/** The picker's groups (views/blocks/groups.ts), for a block type without its own icon. */
export const BLOCK_GROUP_ICONS = {
  Text: 'text',
  Media: 'image',
  Promotions: 'ticket-percent',
  Layout: 'layout',
  Navigation: 'menu',
} as const;
const BLOCK_FALLBACK = 'square';

/** Actions and controls: the sidebar, the edit screen's action bar and side panels, the host stand. */
export const ACTION_ICONS = {
  menu: 'menu',
  collapse: 'panel-left-close',
  expand: 'panel-left-open',
  logout: 'log-out',
  brand: 'anchor',
  more: 'ellipsis-vertical',
  preview: 'eye',
  comments: 'message-square',
  seat: 'armchair',
  notify: 'bell',
  remove: 'x',
  details: 'chevron-down',
  back: 'arrow-left',
  add: 'plus',
  'move-up': 'arrow-up',
  'move-down': 'arrow-down',
  duplicate: 'copy',
  delete: 'trash-2',
  search: 'search',
} as const;

/** The rich-text toolbar's formats (client/admin/rich-text/RichTextEditor.tsx). */
export const RICH_TEXT_ICONS = {
  bold: 'bold',
  italic: 'italic',
  h2: 'heading-2',
  h3: 'heading-3',
  h4: 'heading-4',
  bulletList: 'list',
  orderedList: 'list-ordered',
  blockquote: 'text-quote',
  link: 'link',
} as const;

type Values<T> = T[keyof T];
export type IconName =
  | Values<typeof SECTION_ICONS>
  | Values<typeof BLOCK_ICONS>
  | Values<typeof BLOCK_GROUP_ICONS>
  | Values<typeof ACTION_ICONS>
  | Values<typeof RICH_TEXT_ICONS>
  | typeof SECTION_FALLBACK
  | typeof BLOCK_FALLBACK;

/** Every icon the sprite must hold, once each. */
export const SPRITE_ICONS: readonly IconName[] = [
  ...new Set<IconName>([
    ...Object.values(SECTION_ICONS),
    ...Object.values(BLOCK_ICONS),
    ...Object.values(BLOCK_GROUP_ICONS),
    ...Object.values(ACTION_ICONS),
    ...Object.values(RICH_TEXT_ICONS),
    SECTION_FALLBACK,
    BLOCK_FALLBACK,
  ]),
];

export const sectionIcon = (key: string): IconName =>
  (SECTION_ICONS as Record<string, IconName>)[key] ?? SECTION_FALLBACK;

export const blockIcon = (type: string, group?: string): IconName =>
  (BLOCK_ICONS as Record<string, IconName>)[type] ??
  (BLOCK_GROUP_ICONS as Record<string, IconName>)[group ?? ''] ??
  BLOCK_FALLBACK;

/** The id of an icon's symbol in the sprite. */
export const iconSymbolId = (name: IconName) => `i-${name}`;
