import type { BlockProps } from '../define';
import { Media } from './Media';
import type { FullWidthMediaValue } from './schema';

export function FullWidthMediaBlock({ value }: BlockProps<FullWidthMediaValue>) {
  return (
    <section
      className={`block-full-width-media block-full-width-media--${value.media.kind}`}
      data-block-type="full_width_media"
    >
      <Media media={value.media} />
    </section>
  );
}
