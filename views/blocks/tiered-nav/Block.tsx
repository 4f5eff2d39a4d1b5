import { useState } from 'react';
import { useCurrentPath } from '../../current-page';
import type { BlockProps } from '../define';
import type { TieredNavLink, TieredNavValue } from './schema';

/**
 * Two tiers of section links. On narrow screens the list is an accordion behind a toggle
 * button (collapsed only once JavaScript runs, so it is never unreachable); on wide screens it
 * is always shown. The current page's link carries aria-current="page".
 */
export function TieredNavBlock({ id, value }: BlockProps<TieredNavValue>) {
  const here = useCurrentPath();
  const [expanded, setExpanded] = useState(false);
  const listId = `tiered-nav-list-${id}`;
  const item = (link: TieredNavLink) => (
    <a href={link.url} aria-current={link.url === here ? 'page' : undefined}>
      {link.title}
    </a>
  );
  return (
    <nav className="block-tiered-nav" data-block-type="tiered_nav" aria-label={value.root_page.title}>
      <button
        type="button"
        className="block-tiered-nav__toggle"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded((open) => !open)}
      >
        {value.root_page.title}
      </button>
      <ul id={listId} className={`block-tiered-nav__tier-one${expanded ? ' is-expanded' : ''}`}>
        <li className="block-tiered-nav__root">{item(value.root_page)}</li>
        {value.tier_one_links.map((link) => (
          <li key={link.id}>{item(link)}</li>
        ))}
        {value.tier_two_links.map((group) => (
          <li key={group.parent.id}>
            {item(group.parent)}
            <ul className="block-tiered-nav__tier-two">
              {group.links.map((link) => (
                <li key={link.id}>{item(link)}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </nav>
  );
}
