import { ContentLink } from '../../components/ContentLink';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import type { BlockProps } from '../define';
import type { TwoColumnHeroValue } from './schema';

/**
 * Its image is eager and preloaded only as the page's lead image (views/components/lead-image.tsx),
 * like every other block's: a two-column hero further down a page (the block gallery has one 35
 * blocks in) asked for high priority itself and took a phone's bandwidth from the real lead image.
 */
export function TwoColumnHeroBlock({ value }: BlockProps<TwoColumnHeroValue>) {
  return (
    <section className={`block-two-column-hero bg--${value.background_style}`} data-block-type="two_column_hero">
      <div className="block-two-column-hero__text">
        <h1>{value.title}</h1>
        {value.copy ? <div dangerouslySetInnerHTML={{ __html: value.copy }} /> : null}
        {value.cta ? <ContentLink link={value.cta} /> : null}
      </div>
      <div className="block-two-column-hero__media">
        <ResponsiveImage image={value.image} sizes="(max-width: 840px) 100vw, 50vw" />
      </div>
    </section>
  );
}
