import { ResponsiveImage } from '../../components/ResponsiveImage';
import type { BlockProps } from '../define';
import type { ContentGridValue } from './schema';

export function ContentGridBlock({ value }: BlockProps<ContentGridValue>) {
  return (
    <section className="block-content-grid" data-block-type="content_grid">
      {value.heading ? <h2>{value.heading}</h2> : null}
      <div className="block-content-grid__items">
        {value.items.map((item, index) => (
          <div key={index} className="block-content-grid__item">
            <ResponsiveImage image={item.image} sizes="(max-width: 840px) 100vw, 33vw" />
            <div dangerouslySetInnerHTML={{ __html: item.content }} />
          </div>
        ))}
      </div>
    </section>
  );
}
