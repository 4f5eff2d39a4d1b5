import type { PressReleaseExtra } from '../../shared/schemas/press';
import type { Image } from '../../shared/schemas/media';
import { ResponsiveImage } from '../components/ResponsiveImage';
import { formatShortDate } from '../format-date';
import { useT } from '../page-context';
import type { TemplateProps } from '../template-types';

/** One release: title, date, feature image, rich-text copy and a link back to its press section. */
export default function PressReleasePage({ page }: TemplateProps) {
  const t = useT();
  const { press_section } = page.extra as PressReleaseExtra;
  const date = typeof page.content.date === 'string' ? page.content.date : '';
  const copy = (page.content.copy as { html?: string } | undefined)?.html ?? '';
  const image = page.content.feature_image as Image | undefined;
  return (
    <article className="template-press template-press--release">
      {press_section ? (
        <p className="template-press__back">
          <a href={press_section.url}>{t('Back to {section}', { values: { section: press_section.title } })}</a>
        </p>
      ) : null}
      <h1>{page.title}</h1>
      {date ? (
        <p className="template-press__date">
          <time dateTime={date}>{formatShortDate(date)}</time>
        </p>
      ) : null}
      {image ? (
        <ResponsiveImage
          className="template-press__image"
          image={image}
          sizes="(max-width: 840px) 100vw, 800px"
          alt={image.default_alt_text}
        />
      ) : null}
      {/* Sanitised on save and render by the page type's schema (shared/rich-text/sanitize.ts). */}
      <div className="rich-text template-press__copy" dangerouslySetInnerHTML={{ __html: copy }} />
    </article>
  );
}
