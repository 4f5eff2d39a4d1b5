import type { PagePlace, PageRowAction } from '../../shared/admin/page-row';
import { Icon } from './Icon';

/**
 * A page row's "More options" (Wagtail 7's listing dropdown): a disclosure button over a list of
 * links, so it works by keyboard without JavaScript (Enter or Space opens it, Tab walks the
 * links); client/admin/row-menus.ts adds Escape, arrow keys and closing the others. Only the
 * actions the server found permitted are in the list.
 */
export function PageRowMenu({ title, actions }: { title: string; actions: PageRowAction[] }) {
  if (!actions.length) return null;
  return (
    <details className="admin-row-menu" data-row-menu>
      <summary className="admin-row-menu__button">
        <Icon name="ellipsis-vertical" size={18} />
        <span className="visually-hidden">More options for {title}</span>
      </summary>
      <ul className="admin-row-menu__list">
        {actions.map((action) => (
          <li key={action.key}>
            <a
              href={action.href}
              data-row-action={action.key}
              className={action.key === 'delete' ? 'admin-row-menu__item--danger' : undefined}
            >
              {action.label}
              <span className="visually-hidden"> {title}</span>
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** "US site · en-US": which site and language a page belongs to, where two could be confused. */
export function PlaceTag({ place }: { place: PagePlace | null | undefined }) {
  if (!place) return null;
  return (
    <span className="admin-place-tag" data-place-tag>
      {`${place.site} · ${place.locale}`}
    </span>
  );
}

/** The row's "View live" link, on live pages only; opens the public page in a new tab. */
export function ViewLiveLink({ href, title }: { href: string | null | undefined; title: string }) {
  if (!href) return null;
  return (
    <a className="admin-table__live" href={href} target="_blank" rel="noopener">
      View live<span className="visually-hidden"> {title} (opens in a new tab)</span>
    </a>
  );
}
