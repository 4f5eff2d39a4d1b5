import type { PressArticle } from '../../../shared/schemas/press';
import { formatShortDate } from '../../format-date';
import { useT } from '../../page-context';
import { ResponsiveImage } from '../ResponsiveImage';

/**
 * Release rows: date (M.d.yy), title, feature image and a 'Learn More' link. `leadImage`: the
 * list opens the page, so its first image is the largest paint on a phone and loads eagerly.
 */
export function PressArticleList({
  articles,
  headingLevel = 'h2',
  leadImage = false,
}: {
  articles: PressArticle[];
  headingLevel?: 'h2' | 'h3';
  leadImage?: boolean;
}) {
  const t = useT();
  const Heading = headingLevel;
  return (
    <ul className="press-articles">
      {articles.map((article, index) => (
        <li key={article.id} className="press-articles__item">
          {article.feature_image ? (
            <ResponsiveImage
              className="press-articles__image"
              image={article.feature_image}
              sizes="(max-width: 840px) 100vw, 240px"
              alt=""
              priority={leadImage && index === 0}
            />
          ) : null}
          <div className="press-articles__text">
            <time dateTime={article.date}>{formatShortDate(article.date)}</time>
            <Heading className="press-articles__title">{article.title}</Heading>
            <a href={article.url} className="press-articles__more">
              {t('Learn More')}
              <span className="visually-hidden">{`: ${article.title}`}</span>
            </a>
          </div>
        </li>
      ))}
    </ul>
  );
}
