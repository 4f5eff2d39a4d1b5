import type { PressSectionExtra } from '../../shared/schemas/press';
import { PressArticleList } from '../components/press/PressArticleList';
import { ResponsiveImage } from '../components/ResponsiveImage';
import { formatFileSize } from '../format-file-size';
import { usePageContext, useT } from '../page-context';
import type { TemplateProps } from '../template-types';

/** The press section: latest releases with 'See All', press inquiries contact info, media downloads. */
export default function PressSectionPage({ page }: TemplateProps) {
  const t = useT();
  const { languageCode } = usePageContext();
  const { articles, see_all_link, media_download_tiles } = page.extra as PressSectionExtra;
  const contactInfo = typeof page.content.contact_info === 'string' ? page.content.contact_info : '';
  return (
    <div className="template-press template-press--section">
      <h1>{page.title}</h1>
      <section className="press-section__block" aria-labelledby="press-releases-heading">
        <h2 id="press-releases-heading">{t('Press Releases')}</h2>
        {articles.length > 0 ? (
          <PressArticleList articles={articles} headingLevel="h3" />
        ) : (
          <p>{t('There are no press releases yet.')}</p>
        )}
        {see_all_link ? (
          <a className="button button--secondary" href={see_all_link.url}>
            {t('See All')}
            <span className="visually-hidden">{` ${see_all_link.title}`}</span>
          </a>
        ) : null}
      </section>
      {contactInfo ? (
        <section className="press-section__block" aria-labelledby="press-inquiries-heading">
          <h2 id="press-inquiries-heading">{t('Press Inquiries')}</h2>
          {/* Sanitised on save and render by the page type's schema. */}
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: contactInfo }} />
        </section>
      ) : null}
      {media_download_tiles.length > 0 ? (
        <section className="press-section__block" aria-labelledby="media-downloads-heading">
          <h2 id="media-downloads-heading">{t('Media Downloads')}</h2>
          <ul className="media-downloads">
            {media_download_tiles.map((tile, index) => (
              <li key={index} className="media-downloads__tile">
                {tile.image ? (
                  <ResponsiveImage image={tile.image} sizes="(max-width: 840px) 100vw, 300px" alt="" />
                ) : null}
                <h3 className="media-downloads__title">{tile.title}</h3>
                <p className="media-downloads__meta">
                  {t('.{extension} File, {size}', {
                    values: { extension: tile.file_extension, size: formatFileSize(tile.file_size, languageCode) },
                  })}
                </p>
                <a className="media-downloads__link" href={tile.url} download>
                  {t('Download')}
                  <span className="visually-hidden">{`: ${tile.title}`}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
