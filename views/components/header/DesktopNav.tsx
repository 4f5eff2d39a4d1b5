import { useEffect, useRef, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';
import type { HeaderSection } from '../../../shared/schemas/navigation';
import { useT } from '../../page-context';
import { visibleChildren, visibleLinks } from './sections';
import { useMenuController } from './use-menu-controller';

/**
 * The desktop navigation: one disclosure menu per primary section (the disclosure pattern, not
 * role=menu: these are site links). Before JavaScript, CSS opens a menu on hover and focus.
 * `onReady` tells the header the menus are wired (see useNavMenuReady).
 */
export function DesktopNav({ sections, onReady }: { sections: HeaderSection[]; onReady: () => void }) {
  const t = useT();
  const { openIndex, close, pointerEnter, pointerLeave, toggle } = useMenuController();
  const triggers = useRef<Array<HTMLButtonElement | null>>([]);
  useEffect(onReady, [onReady]);

  const onKeyDown = (index: number) => (event: KeyboardEvent) => {
    if (event.key === 'Escape' && openIndex === index) {
      event.preventDefault();
      close();
      triggers.current[index]?.focus();
    }
  };
  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
  };
  const mouseOnly = (handler: () => void) => (event: PointerEvent) => {
    if (event.pointerType === 'mouse') handler();
  };

  return (
    <nav className="desktop-nav" aria-label={t('Main')}>
      <ul className="desktop-nav__list">
        {sections.map((section, index) => {
          const links = visibleLinks(section);
          if (links.length === 0) return null;
          const panelId = `desktop-nav-panel-${index}`;
          const open = openIndex === index;
          return (
            <li
              key={index}
              className={`nav-menu${open ? ' is-open' : ''}`}
              onPointerEnter={mouseOnly(() => pointerEnter(index))}
              onPointerLeave={mouseOnly(pointerLeave)}
              onKeyDown={onKeyDown(index)}
              onBlur={onBlur}
            >
              <button
                type="button"
                className="nav-menu__trigger"
                aria-expanded={open}
                aria-controls={panelId}
                ref={(element) => {
                  triggers.current[index] = element;
                }}
                onClick={() => toggle(index)}
              >
                {section.title || t('Menu')}
              </button>
              <ul id={panelId} className="nav-menu__panel">
                {links.map((link) => (
                  <li key={link.url}>
                    <a href={link.url}>{link.display_name}</a>
                    {visibleChildren(link).length > 0 ? (
                      <ul className="nav-menu__sublist">
                        {visibleChildren(link).map((child) => (
                          <li key={child.url}>
                            <a href={child.url}>{child.display_name}</a>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
