import { ContentLink } from '../../components/ContentLink';
import type { BlockProps } from '../define';
import type { HeroValue } from './schema';

export function HeroBlock({ value }: BlockProps<HeroValue>) {
  return (
    <section className={`block-hero bg--${value.background_style}`} data-block-type="hero">
      <div className="block-hero__inner">
        <h1 className="block-hero__heading">{value.heading}</h1>
        {value.subheading ? <p className="block-hero__subheading">{value.subheading}</p> : null}
        {value.link ? <ContentLink link={value.link} /> : null}
      </div>
    </section>
  );
}
