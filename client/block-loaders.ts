import type { BlockComponent } from '../views/blocks/define';

/**
 * Browser-side: each block type is its own chunk, loaded before hydration when the page shows it
 * (the same keys as views/blocks/components.ts, which the server uses). The build reads these
 * imports from the esbuild metafile to emit <link rel="modulepreload"> for the page's blocks.
 */
export const clientBlockLoaders: Readonly<Record<string, () => Promise<BlockComponent>>> = {
  heading: () => import('../views/blocks/heading/Block').then((module) => module.HeadingBlock),
  rich_text: () => import('../views/blocks/rich-text/Block').then((module) => module.RichTextBlock),
  hero: () => import('../views/blocks/hero/Block').then((module) => module.HeroBlock),
  accordion_feature: () =>
    import('../views/blocks/accordion-feature/Block').then((module) => module.AccordionFeatureBlock),
  article_preview_grid: () =>
    import('../views/blocks/article-preview-grid/Block').then((module) => module.ArticlePreviewGridBlock),
  content_grid: () => import('../views/blocks/content-grid/Block').then((module) => module.ContentGridBlock),
  coupon: () => import('../views/blocks/coupon/Block').then((module) => module.CouponBlock),
  custom_background_image_wrapper: () =>
    import('../views/blocks/custom-background-image-wrapper/Block').then(
      (module) => module.CustomBackgroundImageWrapperBlock,
    ),
  faqs: () => import('../views/blocks/faqs/Block').then((module) => module.FaqsBlock),
  feature_image: () => import('../views/blocks/feature-image/Block').then((module) => module.FeatureImageBlock),
  fresh_catch_news_promo: () =>
    import('../views/blocks/fresh-catch-news-promo/Block').then((module) => module.FreshCatchNewsPromoBlock),
  full_width_media: () => import('../views/blocks/full-width-media/Block').then((module) => module.FullWidthMediaBlock),
  full_width_media_cta: () =>
    import('../views/blocks/full-width-media-cta/Block').then((module) => module.FullWidthMediaCtaBlock),
  gift_cards_feature: () =>
    import('../views/blocks/gift-cards-feature/Block').then((module) => module.GiftCardsFeatureBlock),
  iframe: () => import('../views/blocks/iframe/Block').then((module) => module.IframeBlock),
  image_link: () => import('../views/blocks/image-link/Block').then((module) => module.ImageLinkBlock),
  link_row: () => import('../views/blocks/link-row/Block').then((module) => module.LinkRowBlock),
  media_grid: () => import('../views/blocks/media-grid/Block').then((module) => module.MediaGridBlock),
  scroll_nav_menu_item: () =>
    import('../views/blocks/scroll-nav-menu-item/Block').then((module) => module.ScrollNavMenuItemBlock),
  sitemap: () => import('../views/blocks/sitemap/Block').then((module) => module.SitemapBlock),
  toolbox: () => import('../views/blocks/toolbox/Block').then((module) => module.ToolboxBlock),
  social_grid: () => import('../views/blocks/social-grid/Block').then((module) => module.SocialGridBlock),
  tabbed_features: () => import('../views/blocks/tabbed-features/Block').then((module) => module.TabbedFeaturesBlock),
  table: () => import('../views/blocks/table/Block').then((module) => module.TableBlock),
  tiered_nav: () => import('../views/blocks/tiered-nav/Block').then((module) => module.TieredNavBlock),
  timeline: () => import('../views/blocks/timeline/Block').then((module) => module.TimelineBlock),
  two_column_feature: () =>
    import('../views/blocks/two-column-feature/Block').then((module) => module.TwoColumnFeatureBlock),
  two_column_hero: () => import('../views/blocks/two-column-hero/Block').then((module) => module.TwoColumnHeroBlock),
  unsubscribe: () => import('../views/blocks/unsubscribe/Block').then((module) => module.UnsubscribeBlock),
  video_feature: () => import('../views/blocks/video-feature/Block').then((module) => module.VideoFeatureBlock),
  alert: () => import('../views/blocks/alert/Block').then((module) => module.AlertBlock),
};
