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
  ].map((definition) => [definition.type, definition as BlockSchemaDefinition]),
);
