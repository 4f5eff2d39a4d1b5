import type { PageFiltersView } from '../../shared/admin/page-filters';
import { PAGE_FILTER_KEYS, type PageFilterKey } from '../../shared/schemas/page-filters';

const LABELS: Record<PageFilterKey, string> = {
  type: 'Page type',
  status: 'Status',
  owner: 'Owner',
  site: 'Site',
  locale: 'Language',
};

/**
 * A page listing's filters in a drawer (the explorer's and the page search's): a <details>
 * disclosure, so it opens and closes without JavaScript (a side panel on wide screens, in the flow
 * on phones). The form is a GET to the same listing, keeping what `keep` names (the explorer's
 * ordering, the search's words); the applied filters show below as chips, each a link to the same
 * listing without it, and "Clear all". Open when a value was refused, with the reason by its field.
 */
export function PageFilterDrawer({
  filters,
  action,
  keep = [],
}: {
  filters: PageFiltersView;
  action: string;
  keep?: Array<[string, string]>;
}) {
  const errorKeys = PAGE_FILTER_KEYS.filter((key) => filters.errors[key]);
  const count = filters.chips.length;
  return (
    <>
      <details className="admin-filters" open={errorKeys.length > 0 || undefined} data-filter-drawer>
        <summary>{count ? `Filters (${count} applied)` : 'Filters'}</summary>
        <form method="get" action={action} className="admin-filters__panel" aria-labelledby="id_filters_heading">
          <h2 id="id_filters_heading" className="admin-filters__heading">
            Filter pages
          </h2>
          {errorKeys.length ? (
            <div className="admin-errors" role="alert">
              <p>The filters were not applied:</p>
              <ul>
                {errorKeys.map((key) => (
                  <li key={key}>
                    <a href={`#id_filter_${key}`}>{`${LABELS[key]}: ${filters.errors[key]}`}</a>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {PAGE_FILTER_KEYS.map((key) => {
            const error = filters.errors[key];
            const value = filters.values[key] ?? '';
            const known = filters.choices[key].some((choice) => choice.value === value);
            return (
              <div className={`admin-field${error ? ' admin-field--error' : ''}`} key={key}>
                <label htmlFor={`id_filter_${key}`}>{LABELS[key]}</label>
                <select
                  id={`id_filter_${key}`}
                  name={key}
                  defaultValue={value}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `id_filter_${key}_error` : undefined}
                >
                  <option value="">Any</option>
                  {/* A refused value stays visible (and is sent again only if kept). */}
                  {value && !known ? <option value={value}>{`${value} (unknown)`}</option> : null}
                  {filters.choices[key].map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.label}
                    </option>
                  ))}
                </select>
                {error ? (
                  <p id={`id_filter_${key}_error`} className="admin-field__error">
                    {error}
                  </p>
                ) : null}
              </div>
            );
          })}
          {keep.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div className="admin-filters__actions">
            <button type="submit" className="admin-button admin-button--primary">
              Apply filters
            </button>
            <a href={filters.clearHref} className="admin-button admin-button--secondary">
              {count ? 'Clear all and close' : 'Close'}
            </a>
          </div>
        </form>
      </details>
      {count ? (
        <div className="admin-filter-chips">
          <h2 className="visually-hidden">Applied filters</h2>
          <ul>
            {filters.chips.map((chip) => (
              <li key={chip.key}>
                <span>{chip.label}</span>
                <a href={chip.removeHref} className="admin-filter-chips__remove">
                  <span aria-hidden="true">×</span>
                  <span className="visually-hidden">{`Remove filter ${chip.label}`}</span>
                </a>
              </li>
            ))}
          </ul>
          <a href={filters.clearHref}>Clear all filters</a>
        </div>
      ) : null}
    </>
  );
}
