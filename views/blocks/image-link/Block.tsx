import { ResponsiveImage } from '../../components/ResponsiveImage';
import type { BlockProps } from '../define';
import type { ImageLinkValue } from './schema';

/** The whole image is the link; the link's display name is its accessible name. */
export function ImageLinkBlock({ value }: BlockProps<ImageLinkValue>) {
  const external = value.link.link_type === 'external';
  return (
    <div className="block-image-link" data-block-type="image_link">
      <a href={value.link.url} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        <ResponsiveImage image={value.image} sizes="(max-width: 840px) 100vw, 600px" alt={value.link.display_name} />
      </a>
    </div>
  );
}
