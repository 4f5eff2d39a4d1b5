/**
 * The block picker's groups, in the order it shows them. Decided from the registered blocks: there
 * are no location blocks (restaurant data lives on location pages, not in blocks), so no such group.
 * Every registered block must be listed (test/unit/block-groups.test.ts): a new block picks a group.
 */
export const BLOCK_GROUPS = {
  Text: ['heading', 'rich_text', 'alert', 'faqs', 'accordion_feature', 'table', 'timeline'],
  Media: [
    'feature_image',
    'image_link',
    'full_width_media',
    'full_width_media_cta',
    'media_grid',
    'video_feature',
    'social_grid',
    'iframe',
  ],
  Promotions: [
    'hero',
    'two_column_hero',
    'two_column_feature',
    'coupon',
    'gift_cards_feature',
    'fresh_catch_news_promo',
    'unsubscribe',
  ],
  Layout: ['content_grid', 'tabbed_features', 'article_preview_grid', 'custom_background_image_wrapper', 'toolbox'],
  Navigation: ['link_row', 'tiered_nav', 'scroll_nav_menu_item', 'sitemap'],
} as const satisfies Record<string, readonly string[]>;

export type BlockGroup = keyof typeof BLOCK_GROUPS | 'Other';

const groupByType = new Map<string, BlockGroup>(
  Object.entries(BLOCK_GROUPS).flatMap(([group, types]) => types.map((type) => [type, group as BlockGroup] as const)),
);

/** A block type's group ('Other' for one not yet placed, so it still shows in the picker). */
export const blockGroupOf = (type: string): BlockGroup => groupByType.get(type) ?? 'Other';
