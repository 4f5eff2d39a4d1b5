import { ContentLink } from '../../components/ContentLink';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { Tabs } from '../../components/Tabs';
import { useNarrowScreen } from '../use-narrow-screen';
import type { BlockProps } from '../define';
import type { TabbedFeaturesValue } from './schema';

/** Tabs of features; below the medium breakpoint the tab list turns vertical (Up/Down keys). */
export function TabbedFeaturesBlock({ id, value }: BlockProps<TabbedFeaturesValue>) {
  const narrow = useNarrowScreen();
  return (
    <section className="block-tabbed-features" data-block-type="tabbed_features">
      {value.heading ? <h2>{value.heading}</h2> : null}
      <Tabs
        idPrefix={`tabs-${id}`}
        label={value.heading || value.tabs[0]!.label}
        orientation={narrow ? 'vertical' : 'horizontal'}
        items={value.tabs.map((tab, index) => ({
          key: String(index),
          label: tab.label,
          panel: (
            <>
              {tab.image ? <ResponsiveImage image={tab.image} sizes="(max-width: 840px) 100vw, 560px" /> : null}
              <div>
                {tab.heading ? <h3>{tab.heading}</h3> : null}
                <div dangerouslySetInnerHTML={{ __html: tab.copy }} />
                {tab.link ? <ContentLink link={tab.link} /> : null}
              </div>
            </>
          ),
        }))}
      />
    </section>
  );
}
