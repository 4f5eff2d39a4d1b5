import type { AdminSearchGroup, AdminSearchView } from '../../shared/admin/search';
import { ADMIN_SEARCH_MAX_LENGTH } from '../../shared/schemas/admin-search';

export type AdminSearchScreenProps = {
  /** Null: no search yet (empty query) or a query that was refused. */
  view: AdminSearchView | null;
  query: string;
  /** Why the query was refused (too long). */
  error?: string;
};

const matches = (n: number) => (n === 1 ? 'one match' : `${n} matches`);

function SearchGroup({ group, query }: { group: AdminSearchGroup; query: string }) {
  const headingId = `search-group-${group.key.replace(/[^a-z0-9]+/gi, '-')}`;
  return (
    <section className="admin-search-group" aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-search-group__heading">
        {group.category ? <span className="admin-muted">{`${group.category}: `}</span> : null}
        {group.label} <span className="admin-search-group__count">{`(${group.total})`}</span>
      </h2>
      <ul className="admin-search-group__items">
        {group.items.map((item, index) => (
          <li key={`${index}-${item.title}`}>
            {item.href ? <a href={item.href}>{item.title}</a> : <span>{item.title}</span>}
            {item.detail ? <span className="admin-search-group__detail">{item.detail}</span> : null}
          </li>
        ))}
      </ul>
      <p className="admin-search-group__all">
        <a href={group.seeAllHref}>
          {`See all ${group.total} ${group.label.toLowerCase()}`}
          <span className="visually-hidden">{` matching "${query}"`}</span>
        </a>
      </p>
    </section>
  );
}

/**
 * /wagtail/search/ (Wagtail's admin search): the box, then one section per kind with matches
 * (a few each and a link to the kind's own list filtered by the query), then the kinds without.
 */
export function AdminSearchScreen({ view, query, error }: AdminSearchScreenProps) {
  const found = view?.groups.filter((g) => g.total > 0) ?? [];
  const empty = view?.groups.filter((g) => g.total === 0) ?? [];
  const total = found.reduce((sum, g) => sum + g.total, 0);
  return (
    <>
      <div className="admin-heading">
        <h1>Search</h1>
      </div>
      <form
        method="get"
        action="/wagtail/search/"
        role="search"
        aria-label="Refine the search"
        className="admin-search"
      >
        <label htmlFor="id_admin_search">Search pages, media, snippets and users</label>
        <input
          id="id_admin_search"
          type="search"
          name="q"
          defaultValue={query}
          // The server checks the length too; this only spares a round trip.
          maxLength={ADMIN_SEARCH_MAX_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'id_admin_search_error' : undefined}
          autoFocus={!view}
        />
        <button type="submit" className="admin-button admin-button--secondary">
          Search
        </button>
        {error ? (
          <p id="id_admin_search_error" className="admin-field__error">
            {error}
          </p>
        ) : null}
      </form>
      {view ? (
        <>
          <p role="status" className="admin-search__summary">
            {total === 0
              ? `Sorry, nothing you can see matches "${view.query}".`
              : `${matches(total)[0]!.toUpperCase()}${matches(total).slice(1)} for "${view.query}".`}
          </p>
          {found.map((group) => (
            <SearchGroup key={group.key} group={group} query={view.query} />
          ))}
          {empty.length ? (
            <p className="admin-muted admin-search__none">
              {`No matches among ${empty.map((g) => (g.category ? `${g.label.toLowerCase()} (${g.category.toLowerCase()})` : g.label.toLowerCase())).join(', ')}.`}
            </p>
          ) : null}
        </>
      ) : error ? null : (
        <p className="admin-empty">
          Enter a word to find it in page titles and text, media titles, snippets and, for administrators, users. Each
          kind lists only what you may see.
        </p>
      )}
    </>
  );
}
