import {
  Autocomplete,
  Button,
  Header,
  Input,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
  SearchField,
  useFilter,
} from 'react-aria-components';
import { BlockIcon, GroupIcon } from './block-icons';
import type { BlockTypeInfo } from './json-schema';

type Group = { name: string; types: BlockTypeInfo[] };

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
                    <BlockIcon type={type.type} group={group.name} className="admin-menu__icon" />
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
