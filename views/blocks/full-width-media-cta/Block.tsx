import { ContentLink } from '../../components/ContentLink';
import type { BlockProps } from '../define';
import { Media } from '../full-width-media/Media';
import type { FullWidthMediaCtaValue } from './schema';

export function FullWidthMediaCtaBlock({ value }: BlockProps<FullWidthMediaCtaValue>) {
  return (
    <section className="block-full-width-media-cta" data-block-type="full_width_media_cta">
      <Media media={value.media} />
      <div className={`block-full-width-media-cta__panel bg--${value.background_style}`}>
        <h2>{value.heading}</h2>
        <div dangerouslySetInnerHTML={{ __html: value.copy }} />
        <ContentLink link={value.link} />
        <div className="fineprint" dangerouslySetInnerHTML={{ __html: value.fineprint }} />
      </div>
    </section>
  );
}
