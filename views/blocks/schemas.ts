import type { BlockSchemaDefinition } from './define';
import { accordionFeatureBlock } from './accordion-feature/schema';
import { articlePreviewGridBlock } from './article-preview-grid/schema';
import { contentGridBlock } from './content-grid/schema';
import { couponBlock } from './coupon/schema';
import { customBackgroundImageWrapperBlock } from './custom-background-image-wrapper/schema';
import { faqsBlock } from './faqs/schema';
import { featureImageBlock } from './feature-image/schema';
import { freshCatchNewsPromoBlock } from './fresh-catch-news-promo/schema';
import { fullWidthMediaBlock } from './full-width-media/schema';
import { fullWidthMediaCtaBlock } from './full-width-media-cta/schema';
import { giftCardsFeatureBlock } from './gift-cards-feature/schema';
import { iframeBlock } from './iframe/schema';
import { imageLinkBlock } from './image-link/schema';
import { headingBlock } from './heading/schema';
import { heroBlock } from './hero/schema';
import { richTextBlock } from './rich-text/schema';

import { linkRowBlock } from './link-row/schema';
import { mediaGridBlock } from './media-grid/schema';
import { scrollNavMenuItemBlock } from './scroll-nav-menu-item/schema';
import { sitemapBlock } from './sitemap/schema';
import { socialGridBlock } from './social-grid/schema';
import { tabbedFeaturesBlock } from './tabbed-features/schema';
import { tableBlock } from './table/schema';
import { tieredNavBlock } from './tiered-nav/schema';
import { timelineBlock } from './timeline/schema';
import { twoColumnFeatureBlock } from './two-column-feature/schema';
import { twoColumnHeroBlock } from './two-column-hero/schema';
import { unsubscribeBlock } from './unsubscribe/schema';
import { videoFeatureBlock } from './video-feature/schema';
import { alertBlock } from './alert/schema';
import { toolboxBlock } from './toolbox/schema';
/**
 * Every block type's schema and editing metadata, keyed by block type. Server and back office
 * only: the public pages' browser code imports components.ts, never these schemas.
 */
export const blockSchemas: ReadonlyMap<string, BlockSchemaDefinition> = new Map(
  [
    headingBlock,
    richTextBlock,
    heroBlock,
    accordionFeatureBlock,
    articlePreviewGridBlock,
    contentGridBlock,
    couponBlock,
    customBackgroundImageWrapperBlock,
    faqsBlock,
    featureImageBlock,
    freshCatchNewsPromoBlock,
    fullWidthMediaBlock,
    fullWidthMediaCtaBlock,
    giftCardsFeatureBlock,
    iframeBlock,
    imageLinkBlock,
    linkRowBlock,
    mediaGridBlock,
    scrollNavMenuItemBlock,
    sitemapBlock,
    toolboxBlock,
    socialGridBlock,
    tabbedFeaturesBlock,
    tableBlock,
    tieredNavBlock,
    timelineBlock,
    twoColumnFeatureBlock,
    twoColumnHeroBlock,
    unsubscribeBlock,
    videoFeatureBlock,
    alertBlock,
  ].map((definition) => [definition.type, definition as BlockSchemaDefinition]),
);
