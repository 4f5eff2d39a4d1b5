import { useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { ContentLink } from '../../components/ContentLink';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { useNarrowScreen } from '../use-narrow-screen';
import type { BlockProps } from '../define';
import type { TabbedFeaturesValue } from './schema';

/**
 * react-aria Tabs: arrow keys move between tabs, Tab moves into the panel. Below the medium
 * breakpoint the tab list turns vertical, so arrow keys follow (Up/Down) the visual order.
 */
export function TabbedFeaturesBlock({ id, value }: BlockProps<TabbedFeaturesValue>) {
  const narrow = useNarrowScreen();
  const [selected, setSelected] = useState<string>(`${id}-0`);
  return (
    <section className="block-tabbed-features" data-block-type="tabbed_features">
      {value.heading ? <h2>{value.heading}</h2> : null}
      <Tabs
        orientation={narrow ? 'vertical' : 'horizontal'}
        selectedKey={selected}
        onSelectionChange={(key) => setSelected(String(key))}
        className="block-tabbed-features__tabs"
      >
        <TabList aria-label={value.heading || value.tabs[0]!.label} className="block-tabbed-features__list">
          {value.tabs.map((tab, index) => (
            <Tab key={index} id={`${id}-${index}`} className="block-tabbed-features__tab">
              {tab.label}
            </Tab>
          ))}
        </TabList>
        {value.tabs.map((tab, index) => (
          <TabPanel key={index} id={`${id}-${index}`} className="block-tabbed-features__panel">
            {tab.image ? <ResponsiveImage image={tab.image} sizes="(max-width: 840px) 100vw, 560px" /> : null}
            <div>
              {tab.heading ? <h3>{tab.heading}</h3> : null}
              <div dangerouslySetInnerHTML={{ __html: tab.copy }} />
              {tab.link ? <ContentLink link={tab.link} /> : null}
            </div>
          </TabPanel>
        ))}
      </Tabs>
    </section>
  );
}
