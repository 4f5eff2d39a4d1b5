import { ResponsiveImage } from '../../components/ResponsiveImage';
import type { BlockProps } from '../define';
import type { FeatureImageValue } from './schema';

export function FeatureImageBlock({ value }: BlockProps<FeatureImageValue>) {
  return (
    <figure className="block-feature-image" data-block-type="feature_image">
      <ResponsiveImage image={value.image} sizes="(max-width: 1200px) 100vw, 1200px" />
      {value.caption ? <figcaption>{value.caption}</figcaption> : null}
    </figure>
  );
}
