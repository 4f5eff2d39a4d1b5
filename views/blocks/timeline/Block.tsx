import { ResponsiveImage } from '../../components/ResponsiveImage';
import type { BlockProps } from '../define';
import type { TimelineValue } from './schema';

export function TimelineBlock({ value }: BlockProps<TimelineValue>) {
  return (
    <section className={`block-timeline block-timeline--${value.layout}`} data-block-type="timeline">
      {value.header ? (
        <div className="block-timeline__header" dangerouslySetInnerHTML={{ __html: value.header }} />
      ) : null}
      <ol className="block-timeline__events">
        {value.events.map((event, index) => (
          <li key={index} className="block-timeline__event">
            <p className="block-timeline__year">{event.year}</p>
            {event.content.kind === 'copy' ? (
              <div className="block-timeline__copy" dangerouslySetInnerHTML={{ __html: event.content.html }} />
            ) : (
              <ResponsiveImage image={event.content.image} sizes="(max-width: 840px) 100vw, 560px" />
            )}
          </li>
        ))}
      </ol>
      {value.footer ? (
        <div className="block-timeline__footer" dangerouslySetInnerHTML={{ __html: value.footer }} />
      ) : null}
    </section>
  );
}
