import { expect } from 'chai';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Image } from '../../shared/schemas/media';
import { TwoColumnHeroBlock } from '../../views/blocks/two-column-hero/Block';
import type { TwoColumnHeroValue } from '../../views/blocks/two-column-hero/schema';
import { LeadImage } from '../../views/components/lead-image';

const image: Image = {
  image_id: 3,
  renditions: [
    { url: '/media/images/3/w480.avif', width: 480, height: 360, size: 1000, mimetype: 'image/avif' },
    { url: '/media/images/3/w480.jpeg', width: 480, height: 360, size: 2000, mimetype: 'image/jpeg' },
  ],
  default_alt_text: 'A lobster roll',
  imageData: { title: 'Lobster roll' },
};
const value = { title: 'Fresh', background_style: 'white', image } as unknown as TwoColumnHeroValue;
const render = (lead: boolean) =>
  renderToStaticMarkup(
    createElement(LeadImage.Provider, { value: lead }, createElement(TwoColumnHeroBlock, { id: 'hero', value })),
  );

describe('two-column hero image priority', () => {
  it('loads eagerly with high priority as the lead image block', () => {
    const html = render(true);
    expect(html).to.include('loading="eager"').and.include('fetchPriority="high"');
  });

  it('loads lazily further down a page, without high priority', () => {
    const html = render(false);
    expect(html).to.include('loading="lazy"');
    expect(html).not.to.include('fetchPriority');
  });
});
