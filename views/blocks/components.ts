import type { BlockComponent } from './define';
import { HeadingBlock } from './heading/Block';
import { HeroBlock } from './hero/Block';
import { RichTextBlock } from './rich-text/Block';

/** Every block type's React component, keyed by block type (the same keys as schemas.ts). */
export const blockComponents: Readonly<Record<string, BlockComponent>> = {
  heading: HeadingBlock,
  rich_text: RichTextBlock,
  hero: HeroBlock,
};
