import type { ReactNode } from 'react';

/** The From / To date filter above a list of submissions or reports (GET, so the URL keeps it). */
export function DateRangeFilter({
  label,
  filters,
  error,
  children,
}: {
  /** The form's accessible name, e.g. 'Filter submissions'. */
  label: string;
  filters: { date_from?: string; date_to?: string };
  error?: string | null;
  /** More filters shown before the dates (a page's history adds action and user). */
  children?: ReactNode;
}) {
  return (
    <form method="get" className="admin-filters" aria-label={label}>
      {error ? (
        <p className="admin-error" role="alert">
          {error}
        </p>
      ) : null}
      {children}
      <label htmlFor="date_from">From</label>
      <input type="date" id="date_from" name="date_from" defaultValue={filters.date_from} />
      <label htmlFor="date_to">To</label>
      <input type="date" id="date_to" name="date_to" defaultValue={filters.date_to} />
      <button type="submit" className="admin-button">
        Filter
      </button>
    </form>
  );
}
