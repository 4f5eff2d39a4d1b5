import type { BlockComponent } from './define';
import { AccordionFeatureBlock } from './accordion-feature/Block';
import { ArticlePreviewGridBlock } from './article-preview-grid/Block';
import { ContentGridBlock } from './content-grid/Block';
import { CouponBlock } from './coupon/Block';
import { CustomBackgroundImageWrapperBlock } from './custom-background-image-wrapper/Block';
import { FaqsBlock } from './faqs/Block';
import { FeatureImageBlock } from './feature-image/Block';
import { FreshCatchNewsPromoBlock } from './fresh-catch-news-promo/Block';
import { FullWidthMediaBlock } from './full-width-media/Block';
import { FullWidthMediaCtaBlock } from './full-width-media-cta/Block';
import { GiftCardsFeatureBlock } from './gift-cards-feature/Block';
import { IframeBlock } from './iframe/Block';
import { ImageLinkBlock } from './image-link/Block';
import { HeadingBlock } from './heading/Block';
import { HeroBlock } from './hero/Block';
import { RichTextBlock } from './rich-text/Block';

import { LinkRowBlock } from './link-row/Block';
import { MediaGridBlock } from './media-grid/Block';
import { ScrollNavMenuItemBlock } from './scroll-nav-menu-item/Block';
import { SitemapBlock } from './sitemap/Block';
import { ToolboxBlock } from './toolbox/Block';
import { SocialGridBlock } from './social-grid/Block';
import { TabbedFeaturesBlock } from './tabbed-features/Block';
import { TableBlock } from './table/Block';
import { TieredNavBlock } from './tiered-nav/Block';
import { TimelineBlock } from './timeline/Block';
import { TwoColumnFeatureBlock } from './two-column-feature/Block';
import { TwoColumnHeroBlock } from './two-column-hero/Block';
import { UnsubscribeBlock } from './unsubscribe/Block';
import { VideoFeatureBlock } from './video-feature/Block';
import { AlertBlock } from './alert/Block';
/** Every block type's React component, keyed by block type (the same keys as schemas.ts). */
export const blockComponents: Readonly<Record<string, BlockComponent>> = {
  heading: HeadingBlock,
  rich_text: RichTextBlock,
  hero: HeroBlock,
  accordion_feature: AccordionFeatureBlock,
  article_preview_grid: ArticlePreviewGridBlock,
  content_grid: ContentGridBlock,
  coupon: CouponBlock,
  custom_background_image_wrapper: CustomBackgroundImageWrapperBlock,
  faqs: FaqsBlock,
  feature_image: FeatureImageBlock,
  fresh_catch_news_promo: FreshCatchNewsPromoBlock,
  full_width_media: FullWidthMediaBlock,
  full_width_media_cta: FullWidthMediaCtaBlock,
  gift_cards_feature: GiftCardsFeatureBlock,
  iframe: IframeBlock,
  image_link: ImageLinkBlock,
  link_row: LinkRowBlock,
  media_grid: MediaGridBlock,
  scroll_nav_menu_item: ScrollNavMenuItemBlock,
  sitemap: SitemapBlock,
  toolbox: ToolboxBlock,
  social_grid: SocialGridBlock,
  tabbed_features: TabbedFeaturesBlock,
  table: TableBlock,
  tiered_nav: TieredNavBlock,
  timeline: TimelineBlock,
  two_column_feature: TwoColumnFeatureBlock,
  two_column_hero: TwoColumnHeroBlock,
  unsubscribe: UnsubscribeBlock,
  video_feature: VideoFeatureBlock,
  alert: AlertBlock,
};
