import { useMemo } from 'react';
import { useSiblingBlocks } from '../sibling-blocks';
import type { BlockProps } from '../define';
import { ScrollNavMenu } from './ScrollNavMenu';
import type { ScrollNavMenuItemValue } from './schema';

/**
 * Marks the start of a page section (id = slug, the '#{slug}' anchor). The first item of a body
 * also draws the sticky menu of all the body's items, so the menu needs no list of its own.
 */
export function ScrollNavMenuItemBlock({ id, value }: BlockProps<ScrollNavMenuItemValue>) {
  const siblings = useSiblingBlocks();
  const items = useMemo(
    () =>
      siblings
        .filter((block) => block.type === 'scroll_nav_menu_item')
        .map((block) => block.value as ScrollNavMenuItemValue),
    [siblings],
  );
  const isFirst = siblings.find((block) => block.type === 'scroll_nav_menu_item')?.id === id;
  return (
    <div className="block-scroll-nav-menu-item" data-block-type="scroll_nav_menu_item">
      {isFirst ? <ScrollNavMenu items={items.length > 0 ? items : [value]} /> : null}
      <h2 id={value.slug} className="block-scroll-nav-menu-item__heading" tabIndex={-1}>
        {value.name}
      </h2>
    </div>
  );
}
