import { ContentLink } from '../../components/ContentLink';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import type { BlockProps } from '../define';
import type { TwoColumnFeatureValue } from './schema';

export function TwoColumnFeatureBlock({ value }: BlockProps<TwoColumnFeatureValue>) {
  return (
    <section
      className={`block-two-column-feature block-two-column-feature--image-${value.image_position}`}
      data-block-type="two_column_feature"
    >
      <div className="block-two-column-feature__media">
        <ResponsiveImage image={value.image} sizes="(max-width: 840px) 100vw, 600px" />
      </div>
      <div className="block-two-column-feature__text">
        <h2>{value.heading}</h2>
        <div dangerouslySetInnerHTML={{ __html: value.copy }} />
        {value.links.length > 0 ? (
          <p className="block-two-column-feature__links">
            {value.links.map((link) => (
              <ContentLink key={link.url} link={link} />
            ))}
          </p>
        ) : null}
      </div>
    </section>
  );
}
