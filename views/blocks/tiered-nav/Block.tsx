import type { BlockProps } from '../define';
import type { TieredNavLink, TieredNavValue } from './schema';

/**
 * Two tiers of section links. On narrow screens the whole list folds into a <details>
 * accordion (native, so keyboard and no-JS work); on wide screens CSS keeps it open. The
 * current page's link carries aria-current="page", compared by path on server and client alike.
 */
export function TieredNavBlock({ id, value, currentPath }: BlockProps<TieredNavValue> & { currentPath?: string }) {
  const here = currentPath ?? '';
  const item = (link: TieredNavLink) => (
    <a href={link.url} aria-current={link.url === here ? 'page' : undefined}>
      {link.title}
    </a>
  );
  const groupHasCurrent = value.tier_two_links.some((group) => group.parent.url === here || group.links.some((link) => link.url === here));
  return (
    <nav className="block-tiered-nav" data-block-type="tiered_nav" aria-labelledby={`tiered-nav-${id}`}>
      <details className="block-tiered-nav__accordion" open>
        <summary id={`tiered-nav-${id}`} className="block-tiered-nav__root">
          {value.root_page.title}
        </summary>
        <ul className="block-tiered-nav__tier-one">
          <li>{item(value.root_page)}</li>
          {value.tier_one_links.map((link) => (
            <li key={link.id}>{item(link)}</li>
          ))}
          {value.tier_two_links.map((group) => (
            <li key={group.parent.id} className={groupHasCurrent ? 'has-current' : undefined}>
              {item(group.parent)}
              <ul className="block-tiered-nav__tier-two">
                {group.links.map((link) => (
                  <li key={link.id}>{item(link)}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </details>
    </nav>
  );
}
