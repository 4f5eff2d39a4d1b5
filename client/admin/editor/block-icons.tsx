/**
 * Outline icons (24 px grid, 2 px stroke) for the block picker and the block cards. Decorative:
 * the label beside each says what the block is, so they are hidden from assistive technology.
 */

/** One path per block type (views/blocks/*), drawn for what the block shows. */
export const BLOCK_ICONS: Record<string, string> = {
  heading: 'M6 4v16M18 4v16M6 12h12',
  rich_text: 'M4 6h16M4 10h16M4 14h16M4 18h10',
  alert: 'M12 3l10 18H2zM12 10v5M12 18v.01',
  table: 'M3 4h18v16H3zM3 10h18M3 15h18M9 4v16M15 4v16',
  faqs: 'M9 9a3 3 0 1 1 4 2.8c-.7.3-1 .9-1 1.7V14M12 18v.01M12 2a10 10 0 1 0 0 20 10 10 0 1 0 0-20',
  accordion_feature: 'M3 4h18v5H3zM3 11h18v3H3zM3 16h18v4H3zM16 6l1.5 1.5L19 6',
  timeline: 'M12 2v20M12 6h6M12 12H6M12 18h6M12 6a1 1 0 1 0 0 .01M12 12a1 1 0 1 0 0 .01',
  hero: 'M2 4h20v16H2zM6 14h8M6 10h12',
  two_column_hero: 'M2 4h20v16H2zM12 4v16M5 10h4M5 14h3',
  feature_image: 'M3 5h18v14H3zM3 16l5-5 4 4 3-3 6 6M16 9a1 1 0 1 0 0 .01',
  full_width_media: 'M1 6h22v12H1zM1 15l6-5 5 4 4-3 7 5',
  full_width_media_cta: 'M1 5h22v14H1zM8 13h8v3H8z',
  media_grid: 'M3 3h8v8H3zM13 3h8v8h-8zM3 13h8v8H3zM13 13h8v8h-8zM5 9l2-2 2 2',
  video_feature: 'M3 5h18v14H3zM10 9v6l5-3z',
  iframe: 'M3 4h18v16H3zM3 8h18M9 13l-2 2 2 2M15 13l2 2-2 2',
  image_link: 'M3 5h12v10H3zM3 12l3-3 3 3M14 17l3 3 4-4M17 14v6',
  social_grid: 'M6 9a3 3 0 1 0 0 .01M18 5a3 3 0 1 0 0 .01M18 19a3 3 0 1 0 0 .01M8.6 10.5l6.8-4M8.6 13.5l6.8 4',
  two_column_feature: 'M3 4h8v16H3zM13 4h8v16h-8z',
  content_grid: 'M3 3h18v18H3zM3 12h18M12 3v18',
  custom_background_image_wrapper: 'M2 3h20v18H2zM6 7h12v10H6z',
  tabbed_features: 'M3 8h18v12H3zM3 8V4h6v4M9 4h6v4',
  coupon: 'M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4zM14 7v10',
  gift_cards_feature: 'M3 9h18v4H3zM5 13v8h14v-8M12 9v12M12 9c-2-4-6-4-6-1s6 1 6 1zM12 9c2-4 6-4 6-1s-6 1-6 1z',
  fresh_catch_news_promo: 'M2 12c4-6 12-6 16 0-4 6-12 6-16 0zM18 12l4-3v6zM7 11v.01',
  article_preview_grid: 'M3 3h8v6H3zM13 3h8v6h-8zM3 12h8M3 15h6M13 12h8M13 15h6M3 18h8M13 18h8',
  unsubscribe: 'M3 5h18v14H3zM3 5l9 7 9-7M15 16h6',
  link_row: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  scroll_nav_menu_item: 'M4 6h16M4 12h16M4 18h16M12 3l-3 3h6zM12 21l-3-3h6z',
  sitemap: 'M9 3h6v4H9zM3 17h6v4H3zM15 17h6v4h-6zM12 7v5M6 17v-5h12v5',
  tiered_nav: 'M3 5h18M6 10h15M9 15h12M12 20h9',
  toolbox: 'M3 8h18v12H3zM8 8V5h8v3M3 13h18M11 12v3h2v-3',
};

/** One path per group of the picker (views/blocks/groups.ts), for types without their own. */
export const GROUP_ICONS: Record<string, string> = {
  Text: 'M4 6h16M4 12h16M4 18h10',
  Media: 'M3 5h18v14H3zM3 16l5-5 4 4 3-3 6 6',
  Promotions: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z',
  Layout: 'M3 3h8v8H3zM13 3h8v8h-8zM3 13h8v8H3zM13 13h8v8h-8z',
  Navigation: 'M5 12h14M13 6l6 6-6 6',
};
const OTHER_ICON = 'M12 3a9 9 0 1 0 0 18 9 9 0 1 0 0-18';

export const blockIconPath = (type: string, group?: string) =>
  BLOCK_ICONS[type] ?? GROUP_ICONS[group ?? ''] ?? OTHER_ICON;

function Icon({ path, className }: { path: string; className: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

export function BlockIcon({
  type,
  group,
  className = 'admin-block-icon',
}: {
  type: string;
  group?: string;
  className?: string;
}) {
  return <Icon path={blockIconPath(type, group)} className={className} />;
}

export function GroupIcon({ group }: { group: string }) {
  return <Icon path={GROUP_ICONS[group] ?? OTHER_ICON} className="admin-menu__icon" />;
}
