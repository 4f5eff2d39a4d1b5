import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export type TabItem = { key: string; label: ReactNode; panel: ReactNode };

type Props = {
  /** Prefix for the tab and panel ids; must be unique on the page. */
  idPrefix: string;
  label: string;
  items: TabItem[];
  orientation: 'horizontal' | 'vertical';
  className?: string;
};

const NEXT_KEY = { horizontal: 'ArrowRight', vertical: 'ArrowDown' } as const;
const PREVIOUS_KEY = { horizontal: 'ArrowLeft', vertical: 'ArrowUp' } as const;

/**
 * WAI-ARIA tabs with automatic activation: arrow keys (following the orientation), Home and End
 * move between tabs, Tab moves into the panel. Before JavaScript every panel shows (see
 * tabs.css), so the content is readable without it.
 */
export function Tabs({ idPrefix, label, items, orientation, className }: Props) {
  const [selected, setSelected] = useState(0);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);

  const select = (index: number) => {
    const wrapped = (index + items.length) % items.length;
    setSelected(wrapped);
    tabs.current[wrapped]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, () => void> = {
      [NEXT_KEY[orientation]]: () => select(selected + 1),
      [PREVIOUS_KEY[orientation]]: () => select(selected - 1),
      Home: () => select(0),
      End: () => select(items.length - 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  return (
    <div className={['tabs', `tabs--${orientation}`, className].filter(Boolean).join(' ')}>
      <div
        role="tablist"
        aria-label={label}
        aria-orientation={orientation}
        className="tabs__list"
        onKeyDown={onKeyDown}
      >
        {items.map((item, index) => (
          <button
            key={item.key}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${index}`}
            aria-controls={`${idPrefix}-panel-${index}`}
            aria-selected={index === selected}
            tabIndex={index === selected ? 0 : -1}
            className="tabs__tab"
            onClick={() => setSelected(index)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {items.map((item, index) => (
        <div
          key={item.key}
          role="tabpanel"
          id={`${idPrefix}-panel-${index}`}
          aria-labelledby={`${idPrefix}-tab-${index}`}
          tabIndex={0}
          hidden={index !== selected}
          className="tabs__panel"
        >
          {item.panel}
        </div>
      ))}
    </div>
  );
}
