import { ContentLink } from '../../components/ContentLink';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { formatShortDate } from '../../format-date';
import type { BlockProps } from '../define';
import type { ArticlePreviewGridValue } from './schema';

export function ArticlePreviewGridBlock({ value }: BlockProps<ArticlePreviewGridValue>) {
  return (
    <section className="block-article-grid" data-block-type="article_preview_grid">
      {value.heading ? <h2>{value.heading}</h2> : null}
      <ul className="block-article-grid__list">
        {value.articles.map((article, index) => (
          <li key={index} className="block-article-grid__item">
            {article.image ? (
              <ResponsiveImage image={article.image} sizes="(max-width: 840px) 100vw, 33vw" alt="" />
            ) : null}
            <time dateTime={article.date}>{formatShortDate(article.date)}</time>
            <h3>
              <a href={article.link}>{article.title}</a>
            </h3>
          </li>
        ))}
      </ul>
      {value.see_all_link ? <ContentLink link={value.see_all_link} /> : null}
    </section>
  );
}
