import type { PressListExtra } from '../../shared/schemas/press';
import { PressArticleList } from '../components/press/PressArticleList';
import { Pagination } from '../components/press/Pagination';
import { useT } from '../page-context';
import type { TemplateProps } from '../template-types';

/** 'Press Releases': newest first, ten a page, with pagination and a link back to the press section. */
export default function PressReleaseListPage({ page }: TemplateProps) {
  const t = useT();
  const { articles, current_page, num_pages, press_section } = page.extra as PressListExtra;
  return (
    <div className="template-press">
      {press_section ? (
        <p className="template-press__back">
          <a href={press_section.url}>{t('Back to {section}', { values: { section: press_section.title } })}</a>
        </p>
      ) : null}
      <h1>{t('Press Releases')}</h1>
      {articles.length > 0 ? (
        <PressArticleList articles={articles} leadImage />
      ) : (
        <p>{t('There are no press releases yet.')}</p>
      )}
      <Pagination baseUrl={page.url} current={current_page} total={num_pages} />
    </div>
  );
}
