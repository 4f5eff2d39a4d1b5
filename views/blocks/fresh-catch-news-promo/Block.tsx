import { ContentLink } from '../../components/ContentLink';
import type { BlockProps } from '../define';
import type { FreshCatchNewsPromoValue } from './schema';

export function FreshCatchNewsPromoBlock({ value }: BlockProps<FreshCatchNewsPromoValue>) {
  return (
    <section className={`block-fresh-catch bg--${value.background_style}`} data-block-type="fresh_catch_news_promo">
      <h2>{value.heading}</h2>
      <div dangerouslySetInnerHTML={{ __html: value.copy }} />
      <ContentLink link={value.link} />
    </section>
  );
}
