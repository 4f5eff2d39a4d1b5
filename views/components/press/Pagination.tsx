import { useT } from '../../page-context';

/** The URL of page `n`: page 1 has no `page` parameter (spec section 2). */
export const pageHref = (baseUrl: string, n: number) => (n === 1 ? baseUrl : `${baseUrl}?page=${n}`);

/**
 * First / previous arrows, numbered pages with the current one marked, next / last arrows. The
 * previous and next links carry rel="prev" / rel="next".
 */
export function Pagination({ baseUrl, current, total }: { baseUrl: string; current: number; total: number }) {
  const t = useT();
  if (total <= 1) return null;
  const arrow = (n: number, label: string, symbol: string, rel?: 'prev' | 'next') =>
    n === current || n < 1 || n > total ? (
      <span className="pagination__arrow pagination__arrow--disabled" aria-hidden="true">
        {symbol}
      </span>
    ) : (
      <a className="pagination__arrow" href={pageHref(baseUrl, n)} rel={rel} aria-label={label}>
        <span aria-hidden="true">{symbol}</span>
      </a>
    );
  return (
    <nav className="pagination" aria-label={t('Pagination')}>
      {arrow(1, t('First page'), '«')}
      {arrow(current - 1, t('Previous page'), '‹', 'prev')}
      <ol className="pagination__pages">
        {Array.from({ length: total }, (_, index) => index + 1).map((n) => (
          <li key={n}>
            {n === current ? (
              <a
                className="pagination__page pagination__page--current"
                href={pageHref(baseUrl, n)}
                aria-current="page"
                aria-label={t('Page {number}', { values: { number: n } })}
              >
                {n}
              </a>
            ) : (
              <a
                className="pagination__page"
                href={pageHref(baseUrl, n)}
                aria-label={t('Page {number}', { values: { number: n } })}
              >
                {n}
              </a>
            )}
          </li>
        ))}
      </ol>
      {arrow(current + 1, t('Next page'), '›', 'next')}
      {arrow(total, t('Last page'), '»')}
    </nav>
  );
}
