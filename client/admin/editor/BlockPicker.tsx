import { Autocomplete, Button, Header, Input, Menu, MenuItem, MenuSection, MenuTrigger, Popover, SearchField, useFilter } from 'react-aria-components';
import type { BlockTypeInfo } from './json-schema';

type Group = { name: string; types: BlockTypeInfo[] };

/** One outline icon per group (24 px grid), decorative: the group's name says it. */
const GROUP_ICONS: Record<string, string> = {
  Text: 'M4 6h16M4 12h16M4 18h10',
  Media: 'M3 5h18v14H3zM3 16l5-5 4 4 3-3 6 6',
  Promotions: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z',
  Layout: 'M3 3h8v8H3zM13 3h8v8h-8zM3 13h8v8H3zM13 13h8v8h-8z',
  Navigation: 'M5 12h14M13 6l6 6-6 6',
};
const OTHER_ICON = 'M12 3a9 9 0 1 0 0 18 9 9 0 1 0 0-18';

function GroupIcon({ group }: { group: string }) {
  return (
    <svg className="admin-menu__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d={GROUP_ICONS[group] ?? OTHER_ICON} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

/** Block types by their group (Text, Media, …), in the order the server sends them (views/blocks/groups.ts). */
export function groupBlockTypes(types: Iterable<BlockTypeInfo>): Group[] {
  const groups = new Map<string, BlockTypeInfo[]>();
  for (const type of types) {
    const name = type.group ?? 'Other';
    groups.set(name, [...(groups.get(name) ?? []), type]);
  }
  return [...groups].map(([name, list]) => ({ name, types: list }));
}

/**
 * The block picker: a search box above a react-aria menu of block types grouped by kind. Typing
 * filters by name (accents and case ignored); arrow keys move through what is left while focus
 * stays in the box, Enter adds, Escape closes. Without JavaScript the JSON body field is the editor.
 */
export function BlockPicker({ groups, label, onAdd }: { groups: Group[]; label: string; onAdd(type: string): void }) {
  const { contains } = useFilter({ sensitivity: 'base' });
  return (
    <MenuTrigger>
      <Button className="admin-button admin-button--secondary admin-add-block">
        + Add block<span className="visually-hidden">{` ${label}`}</span>
      </Button>
      <Popover className="admin-popover admin-block-picker" placement="bottom start">
        <Autocomplete filter={contains}>
          <SearchField className="admin-block-picker__search" aria-label="Search block types" autoFocus>
            <Input className="admin-block-picker__input" placeholder="Search blocks" />
          </SearchField>
          <Menu
            className="admin-menu"
            aria-label="Block types"
            onAction={(key) => onAdd(String(key))}
            renderEmptyState={() => <p className="admin-block-picker__empty">No block type matches.</p>}
          >
            {groups.map((group) => (
              <MenuSection key={group.name} id={`group-${group.name}`} className="admin-menu__section">
                <Header className="admin-menu__header">
                  <GroupIcon group={group.name} />
                  {group.name}
                </Header>
                {group.types.map((type) => (
                  <MenuItem key={type.type} id={type.type} className="admin-menu__item" textValue={type.label}>
                    {type.label}
                  </MenuItem>
                ))}
              </MenuSection>
            ))}
          </Menu>
        </Autocomplete>
      </Popover>
    </MenuTrigger>
  );
}
