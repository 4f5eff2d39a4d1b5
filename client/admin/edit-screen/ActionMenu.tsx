import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';

export type ActionItem = { label: string; element: HTMLElement; danger: boolean };

/**
 * 'More actions' beside Save draft: a React Aria menu over the action bar's own buttons and links.
 * Choosing an item clicks the original element (kept hidden in the form), so a menu item does
 * exactly what the plain button or link does without JavaScript: same form, same name, same URL.
 */
export function ActionMenu({ items }: { items: ActionItem[] }) {
  return (
    <MenuTrigger>
      <Button className="admin-button admin-button--secondary admin-action-bar__trigger" data-action-menu-trigger>
        {/* 'More' alone on phones, so the bar keeps to one row; the name stays 'More actions'. */}
        More<span className="admin-action-bar__more-word"> actions</span>
        <span aria-hidden="true" className="admin-action-bar__caret" />
      </Button>
      <Popover className="admin-popover" placement="top end">
        <Menu className="admin-menu" aria-label="More actions" onAction={(key) => items[Number(key)]?.element.click()}>
          {items.map((item, index) => (
            <MenuItem
              key={index}
              id={String(index)}
              className={`admin-menu__item${item.danger ? ' admin-menu__item--danger' : ''}`}
              textValue={item.label}
            >
              {item.label}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
