import { ResponsiveImage } from '../../components/ResponsiveImage';
import { useT } from '../../page-context';
import type { BlockProps } from '../define';
import type { AccordionFeatureValue } from './schema';

/**
 * Default content always shown; hidden content in a native disclosure (<details>), so it opens
 * by keyboard and works before and after hydration without any script.
 */
export function AccordionFeatureBlock({ value }: BlockProps<AccordionFeatureValue>) {
  const t = useT();
  return (
    <section
      className={`block-accordion-feature${value.image ? ' block-accordion-feature--with-image' : ''}`}
      data-block-type="accordion_feature"
    >
      {value.image ? (
        <ResponsiveImage
          image={value.image}
          sizes="(max-width: 840px) 100vw, 480px"
          className="block-accordion-feature__image"
        />
      ) : null}
      <div className="block-accordion-feature__text">
        {value.heading ? <h2>{value.heading}</h2> : null}
        <div dangerouslySetInnerHTML={{ __html: value.default_content }} />
        <details className="disclosure">
          <summary className="disclosure__toggle">{t('Read More')}</summary>
          <div className="disclosure__content" dangerouslySetInnerHTML={{ __html: value.hidden_content }} />
        </details>
      </div>
    </section>
  );
}
