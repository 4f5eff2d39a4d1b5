import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';

export type TabSection = { key: string; label: string; node: HTMLElement; errors: number };

/** Puts a server-rendered element (fields, the block editor's mount) inside a React-rendered panel, untouched. */
function Adopt({ node }: { node: HTMLElement }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.appendChild(node);
  }, [node]);
  return <div ref={ref} />;
}

/**
 * The edit form's tabs (React Aria): every panel stays mounted, so every field is still in the
 * form and posts whichever tab is showing. Opens on the first tab with an error; a link to an
 * element inside a tab (the Schedule action's '#schedule') shows that tab and moves focus there.
 */
export function EditTabs({ sections }: { sections: TabSection[] }) {
  const [selected, setSelected] = useState<Key>(
    () => sections.find((s) => s.errors > 0)?.key ?? sections[0]?.key ?? '',
  );
  const focusAfter = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const show = () => {
      const target =
        location.hash.length > 1 ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
      const owner = target ? sections.find((s) => s.node.contains(target)) : undefined;
      if (!target || !owner) return;
      focusAfter.current = target;
      setSelected(owner.key);
    };
    window.addEventListener('hashchange', show);
    return () => window.removeEventListener('hashchange', show);
  }, [sections]);
  useEffect(() => {
    // After the panel stops being inert: focus then can land on it.
    const target = focusAfter.current;
    focusAfter.current = null;
    target?.focus();
  }, [selected]);
  return (
    <Tabs selectedKey={selected} onSelectionChange={setSelected} className="admin-tabs__root">
      <TabList aria-label="Page editor sections" className="admin-tabs__list">
        {sections.map((section) => (
          <Tab key={section.key} id={section.key} className="admin-tabs__tab">
            {section.label}
            {section.errors > 0 ? (
              <span className="admin-tabs__errors">{` (${section.errors} ${section.errors === 1 ? 'error' : 'errors'})`}</span>
            ) : null}
          </Tab>
        ))}
      </TabList>
      {sections.map((section) => (
        <TabPanel key={section.key} id={section.key} shouldForceMount className="admin-tabs__panel">
          <Adopt node={section.node} />
        </TabPanel>
      ))}
    </Tabs>
  );
}
