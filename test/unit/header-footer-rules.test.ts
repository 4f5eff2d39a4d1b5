import { expect } from 'chai';
import { activeSection } from '../../views/blocks/scroll-nav-menu-item/active-section';
import { otherRegions } from '../../views/components/footer/regions';
import { openDelay } from '../../views/components/header/menu-timing';
import { footerContentSchema, headerContentSchema } from '../../shared/schemas/navigation';

describe('header, footer and scroll-nav rules', () => {
  it('menus open after 200 ms, at once while another is open or within 300 ms of one closing', () => {
    expect(openDelay({ anotherOpen: false, lastClosedAt: Number.NEGATIVE_INFINITY, now: 1000 })).to.equal(200);
    expect(openDelay({ anotherOpen: true, lastClosedAt: 0, now: 1000 })).to.equal(0);
    expect(openDelay({ anotherOpen: false, lastClosedAt: 800, now: 1000 })).to.equal(0);
    expect(openDelay({ anotherOpen: false, lastClosedAt: 600, now: 1000 })).to.equal(200);
  });

  it('the region switcher leaves out the region whose url prefixes the current url', () => {
    const regions = [
      { id: 1, title: 'United States', url: 'https://www.harborline.example/' },
      { id: 2, title: 'Canada', url: 'https://ca.harborline.example/' },
    ];
    expect(otherRegions(regions, 'https://ca.harborline.example/fr/menu/').map((r) => r.title)).to.deep.equal([
      'United States',
    ]);
  });

  it('the active scroll section is the last one above the activation line', () => {
    const tops = [
      { slug: 'a', top: -400 },
      { slug: 'b', top: 100 },
      { slug: 'c', top: 700 },
    ];
    expect(activeSection(tops, 300)).to.equal('b');
    expect(activeSection([{ slug: 'a', top: 500 }], 300)).to.equal(null);
  });

  it('header and footer content reject unknown roles, icons and unsafe urls', () => {
    expect(headerContentSchema.safeParse({ sections: [{ role: 'tertiary', links: [] }] }).success).to.equal(false);
    expect(
      headerContentSchema.safeParse({
        sections: [{ role: 'primary', links: [{ display_name: 'x', url: 'javascript:alert(1)' }] }],
      }).success,
    ).to.equal(false);
    expect(
      footerContentSchema.safeParse({ social_icons: [{ icon: 'myspace', link: 'https://x.example/' }] }).success,
    ).to.equal(false);
    expect(footerContentSchema.parse({}).use_twitter_bird).to.equal(false);
  });
});
