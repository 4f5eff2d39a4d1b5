import type { SitemapEntry } from '../../../shared/schemas/sitemap';
import { useCurrentPage } from '../../current-page';
import type { BlockProps } from '../define';
import type { SitemapValue } from './schema';

/** The site's pages in tree order; deeper pages are indented by level. */
export function SitemapBlock({ value }: BlockProps<SitemapValue>) {
  const page = useCurrentPage();
  // Written by our own server (sitemapExtra); not re-validated in the browser.
  const entries = (page?.extra.sitemap ?? []) as SitemapEntry[];
  return (
    <section className="block-sitemap" data-block-type="sitemap">
      <h2>{value.heading}</h2>
      <ul className="block-sitemap__list">
        {entries.map((entry) => (
          <li key={entry.url} className={`block-sitemap__item block-sitemap__item--level-${Math.min(entry.level, 4)}`}>
            <a href={entry.url} aria-current={entry.url === page?.url ? 'page' : undefined}>
              {entry.title}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
