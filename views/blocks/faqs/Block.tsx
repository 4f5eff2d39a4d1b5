import type { BlockProps } from '../define';
import type { FaqsValue } from './schema';

/** Each question is a native <details>: several can be open at once, by mouse or keyboard, before JS. */
export function FaqsBlock({ id, value }: BlockProps<FaqsValue>) {
  const headingId = `faqs-${id}`;
  return (
    <section
      className={`block-faqs block-faqs--${value.layout}`}
      data-block-type="faqs"
      aria-labelledby={value.heading ? headingId : undefined}
    >
      {value.heading ? <h2 id={headingId}>{value.heading}</h2> : null}
      <div className="block-faqs__list">
        {value.faqs.map((faq, index) => (
          <details key={index} className="block-faqs__item disclosure">
            <summary className="disclosure__toggle">{faq.question}</summary>
            <div className="disclosure__content" dangerouslySetInnerHTML={{ __html: faq.answer }} />
          </details>
        ))}
      </div>
    </section>
  );
}
