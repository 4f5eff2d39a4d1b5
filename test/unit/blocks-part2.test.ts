import { expect } from 'chai';
import { blockSchemas } from '../../views/blocks/schemas';
import { packRows } from '../../views/blocks/media-grid/rows';
import { mediaGridSchema } from '../../views/blocks/media-grid/schema';
import { activeSection } from '../../views/blocks/scroll-nav-menu-item/active-section';
import { otherRegions } from '../../views/components/footer/regions';
import { openDelay } from '../../views/components/header/menu-timing';
import { footerContentSchema, headerContentSchema } from '../../shared/schemas/navigation';
import { alertSchema } from '../../views/blocks/alert/schema';

/** One value per block that its schema must refuse. */
const BAD_VALUES: Record<string, unknown> = {
  link_row: { heading: 'x', links: [] },
  media_grid: { tiles: [{ kind: 'image', width: 13, image: { renditions: [] } }] },
  scroll_nav_menu_item: { name: 'Menu', slug: 'Not A Slug' },
  sitemap: { heading: 5 },
  social_grid: { handle: '@bad handle' },
  tabbed_features: { tabs: [{ label: 'only one', copy: '' }] },
  table: { rows: [['a', 'b'], ['c']] },
  tiered_nav: { root_page: { id: 1, url: 'javascript:alert(1)', title: 'x' } },
  timeline: { events: [{ year: 'long ago', content: { kind: 'copy', html: '' } }] },
  two_column_feature: { heading: '', copy: '', image: {} },
  two_column_hero: { title: 'x', image: { renditions: [] } },
  unsubscribe: { heading: '' },
  video_feature: { heading: 'x', image: {}, video: { sources: [] } },
  alert: { content: '<p>x</p>', background_style: 'neon' },
};

describe('blocks, second half: schemas', () => {
  for (const [type, bad] of Object.entries(BAD_VALUES)) {
    it(`${type}: the demo value passes and a bad value fails`, () => {
      const definition = blockSchemas.get(type);
      expect(definition, `${type} is registered`).to.not.equal(undefined);
      const demo = definition!.schema.safeParse(definition!.demo);
      expect(demo.success, JSON.stringify(demo.error?.issues)).to.equal(true);
      expect(definition!.schema.safeParse(bad).success).to.equal(false);
    });
  }

  it('alert defaults to the lobster background and sanitises its content', () => {
    const value = alertSchema.parse({ content: '<p onclick="x()">Hi<script>alert(1)</script></p>' });
    expect(value.background_style).to.equal('lobster');
    expect(value.content).not.to.match(/onclick|script/);
  });

  it('media grid: tile width defaults to 12 and rows fill to at most 12 columns', () => {
    const image = { renditions: [{ url: '/a.jpg', width: 10, height: 10, size: 1, mimetype: 'image/jpeg' }] };
    const value = mediaGridSchema.parse({ tiles: [{ kind: 'image', image }] });
    expect(value.tiles[0]!.width).to.equal(12);
    const rows = packRows([{ width: 8 }, { width: 4 }, { width: 6 }, { width: 7 }, { width: 12 }]);
    expect(rows.map((row) => row.map((tile) => tile.width))).to.deep.equal([[8, 4], [6], [7], [12]]);
  });
});

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
    expect(otherRegions(regions, 'https://ca.harborline.example/fr/menu/').map((r) => r.title)).to.deep.equal(['United States']);
  });

  it('the active scroll section is the last one above the activation line', () => {
    const tops = [{ slug: 'a', top: -400 }, { slug: 'b', top: 100 }, { slug: 'c', top: 700 }];
    expect(activeSection(tops, 300)).to.equal('b');
    expect(activeSection([{ slug: 'a', top: 500 }], 300)).to.equal(null);
  });

  it('header and footer content reject unknown roles, icons and unsafe urls', () => {
    expect(headerContentSchema.safeParse({ sections: [{ role: 'tertiary', links: [] }] }).success).to.equal(false);
    expect(headerContentSchema.safeParse({ sections: [{ role: 'primary', links: [{ display_name: 'x', url: 'javascript:alert(1)' }] }] }).success).to.equal(false);
    expect(footerContentSchema.safeParse({ social_icons: [{ icon: 'myspace', link: 'https://x.example/' }] }).success).to.equal(false);
    expect(footerContentSchema.parse({}).use_twitter_bird).to.equal(false);
  });
});
