import { use } from 'react';
import type { FooterColumn } from '../../../shared/schemas/navigation';
import { PrerenderedParts } from '../../prerendered';

/**
 * The link columns. A collapsible column is a checkbox and its label (spec: "collapsible via a
 * checkbox"): CSS shows the list when checked, so it works before JavaScript, and only narrow
 * screens collapse it.
 */
export function FooterColumns({ columns }: { columns: FooterColumn[] }) {
  if (process.env.BROWSER_BUNDLE !== '1') {
    const html = use(PrerenderedParts)?.('footer-columns', columns);
    if (html !== undefined) return <div className="footer-columns" dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return (
    <div className="footer-columns">
      {columns.map((column, index) => {
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
      })}
    </div>
  );
}
