import { PAGE_SEARCH_MAX_LENGTH } from '../../shared/schemas/explorer';

export type PageSearchFormProps = {
  query: string;
  /** The first error of the query field (too long). */
  error?: string;
  /** The filters applied on the results screen, kept when the words change. */
  filters?: ReadonlyArray<readonly [string, string]>;
};

/** The page search box (a GET form to /wagtail/pages/search/), in the explorer and on the results screen. */
export function PageSearchForm({ query, error, filters = [] }: PageSearchFormProps) {
  return (
    <form method="get" action="/wagtail/pages/search/" role="search" aria-label="Pages" className="admin-search">
      <label htmlFor="id_page_search">Search pages</label>
      <input
        id="id_page_search"
        type="search"
        name="q"
        defaultValue={query}
        // The server checks the length too; this only spares a round trip.
        maxLength={PAGE_SEARCH_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'id_page_search_error' : undefined}
      />
      {filters.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="admin-button admin-button--secondary">
        Search
      </button>
      {error ? (
        <p id="id_page_search_error" className="admin-field__error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
