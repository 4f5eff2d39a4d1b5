import { ContentLink } from '../../components/ContentLink';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import type { BlockProps } from '../define';
import type { GiftCardsFeatureValue } from './schema';

export function GiftCardsFeatureBlock({ value }: BlockProps<GiftCardsFeatureValue>) {
  return (
    <section className="block-gift-cards" data-block-type="gift_cards_feature">
      <ResponsiveImage image={value.image} sizes="(max-width: 840px) 100vw, 480px" />
      <div>
        <h2>{value.heading}</h2>
        <div dangerouslySetInnerHTML={{ __html: value.copy }} />
        <div className="button-row">
          {value.links.map((link, index) => (
            <ContentLink key={index} link={link} />
          ))}
        </div>
      </div>
    </section>
  );
}
