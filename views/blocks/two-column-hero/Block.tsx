import { ContentLink } from '../../components/ContentLink';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import type { BlockProps } from '../define';
import type { TwoColumnHeroValue } from './schema';

export function TwoColumnHeroBlock({ value }: BlockProps<TwoColumnHeroValue>) {
  return (
    <section className={`block-two-column-hero bg--${value.background_style}`} data-block-type="two_column_hero">
      <div className="block-two-column-hero__text">
        <h1>{value.title}</h1>
        {value.copy ? <div dangerouslySetInnerHTML={{ __html: value.copy }} /> : null}
        {value.cta ? <ContentLink link={value.cta} /> : null}
      </div>
      <div className="block-two-column-hero__media">
        <ResponsiveImage image={value.image} sizes="(max-width: 840px) 100vw, 50vw" priority />
      </div>
    </section>
  );
}
