import type { FooterColumn } from '../../../shared/schemas/navigation';
import { usePartContent } from '../../prerendered';

/**
 * The link columns. A collapsible column is a checkbox and its label (spec: "collapsible via a
 * checkbox"): CSS shows the list when checked, so it works before JavaScript, and only narrow
 * screens collapse it.
 */
export function FooterColumns({ columns }: { columns: FooterColumn[] }) {
  return <div className="footer-columns" {...usePartContent('footer-columns', columns, () => <FooterColumnItems columns={columns} />)} />;
}

/** The columns themselves: the same for every page of a footer (server/ssr/chrome-parts.tsx renders them once). */
export function FooterColumnItems({ columns }: { columns: FooterColumn[] }) {
  return columns.map((column, index) => {
    const toggleId = `footer-column-${index}`;
    const listId = `footer-column-links-${index}`;
    return (
      <section key={index} className={`footer-column${column.is_collapsable ? ' footer-column--collapsable' : ''}`}>
        {column.is_collapsable ? (
          <>
            <input type="checkbox" id={toggleId} className="footer-column__toggle" aria-controls={listId} />
            <label htmlFor={toggleId} className="footer-column__title">
              {column.title}
            </label>
          </>
        ) : (
          <h2 className="footer-column__title">{column.title}</h2>
        )}
        <ul id={listId} className="footer-column__links">
          {column.links.map((link) => (
            <li key={link.url}>
              <a href={link.url}>{link.display_name}</a>
            </li>
          ))}
        </ul>
      </section>
    );
  });
}
