import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { loadConfig } from '../../server/config';
import { configureEmbedHosts, DEFAULT_EMBED_HOSTS } from '../../shared/embeds/allow-list';
import { formatShortDate } from '../../views/format-date';
import { blockSchemas } from '../../views/blocks/schemas';
import { alertSchema } from '../../views/blocks/alert/schema';
import { packRows } from '../../views/blocks/media-grid/rows';
import { mediaGridSchema } from '../../views/blocks/media-grid/schema';

const get = (type: string) => {
  const definition = blockSchemas.get(type);
  if (!definition) throw new Error(`block ${type} is not registered`);
  return definition;
};
const issuePaths = (type: string, value: unknown) => {
  const parsed = get(type).schema.safeParse(value);
  expect(parsed.success, `${type} should reject ${JSON.stringify(value).slice(0, 80)}`).to.equal(false);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
};
const demo = (type: string) => structuredClone(get(type).demo) as Record<string, any>;

/** For some blocks: a bad variant of its demo value and the path its error must name. */
const SPOILED_DEMOS: Record<string, [(value: Record<string, any>) => void, string]> = {
  accordion_feature: [(v) => (v.hidden_content = '<script>x()</script>'), 'hidden_content'],
  article_preview_grid: [(v) => (v.articles[1].date = '21/10/2026'), 'articles.1.date'],
  content_grid: [(v) => (v.items[0].image.renditions = []), 'items.0.image.renditions'],
  coupon: [(v) => (v.expires_on = 'tomorrow'), 'expires_on'],
  custom_background_image_wrapper: [(v) => (v.children[1].value.alignment = 'diagonal'), 'children.1.value.alignment'],
  faqs: [(v) => (v.faqs[2].question = ''), 'faqs.2.question'],
  feature_image: [(v) => (v.image.renditions[0].url = 'javascript:alert(1)'), 'image.renditions.0.url'],
  fresh_catch_news_promo: [(v) => (v.link.url = 'javascript:alert(1)'), 'link.url'],
  full_width_media: [(v) => (v.media = { kind: 'embed', url: 'https://evil.example/embed', title: 'x' }), 'media.url'],
  full_width_media_cta: [(v) => (v.heading = ''), 'heading'],
  gift_cards_feature: [(v) => (v.links = []), 'links'],
  iframe: [(v) => (v.mobile_url = 'https://evil.example/frame'), 'mobile_url'],
  image_link: [(v) => delete v.link, 'link'],
};

/** For the other blocks: one value its schema must refuse. */
const REFUSED_VALUES: Record<string, unknown> = {
  link_row: { heading: 'x', links: [] },
  media_grid: { tiles: [{ kind: 'image', width: 13, image: { renditions: [] } }] },
  scroll_nav_menu_item: { name: 'Menu', slug: 'Not A Slug' },
  sitemap: { heading: 5 },
  toolbox: { toolbox: 'legal-notice' },
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

describe('block schemas', () => {
  for (const [type, [spoil, path]] of Object.entries(SPOILED_DEMOS)) {
    describe(type, () => {
      it('accepts its demo value', () => {
        const parsed = get(type).schema.safeParse(get(type).demo);
        expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues)).to.equal(true);
      });
      it(`rejects a bad value with the path ${path}`, () => {
        const value = demo(type);
        spoil(value);
        expect(issuePaths(type, value)).to.include(path);
      });
    });
  }

  it('sanitises rich text inside blocks', () => {
    const value = demo('faqs');
    value.faqs[0].answer = '<p onclick="x()">Yes <a href="javascript:alert(1)">here</a></p><script>alert(1)</script>';
    const parsed = get('faqs').schema.parse(value) as { faqs: { answer: string }[] };
    expect(parsed.faqs[0]!.answer).to.equal('<p>Yes <a>here</a></p>');
  });

  it('only accepts nested heading and rich text blocks in the background wrapper', () => {
    const value = demo('custom_background_image_wrapper');
    value.children.push({ type: 'coupon', id: 'c', value: {} });
    expect(issuePaths('custom_background_image_wrapper', value)).to.include('children.2.type');
  });

  it('checks embed hosts against the configured allow-list', () => {
    try {
      configureEmbedHosts(['embed.example.org']);
      expect(issuePaths('iframe', demo('iframe'))).to.include('url');
      expect(
        get('iframe').schema.safeParse({ ...demo('iframe'), url: 'https://embed.example.org/x', mobile_url: undefined })
          .success,
      ).to.equal(true);
      expect(
        get('iframe').schema.safeParse({ ...demo('iframe'), url: 'http://embed.example.org/x', mobile_url: undefined })
          .success,
      ).to.equal(false);
    } finally {
      configureEmbedHosts(DEFAULT_EMBED_HOSTS);
    }
  });

  it('reads EMBED_ALLOWED_HOSTS as a comma-separated list with a default', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'embed-config-'));
    try {
      const base = { NODE_ENV: 'test', DATA_DIR: dataDir, COMMIT_ID: 'c', BRANCH: 'b' };
      expect(loadConfig(base).embedAllowedHosts).to.deep.equal([...DEFAULT_EMBED_HOSTS]);
      expect(
        loadConfig({ ...base, EMBED_ALLOWED_HOSTS: ' Player.Vimeo.com, embed.example.org ' }).embedAllowedHosts,
      ).to.deep.equal(['player.vimeo.com', 'embed.example.org']);
      expect(() => loadConfig({ ...base, EMBED_ALLOWED_HOSTS: 'https://bad/' })).to.throw(/EMBED_ALLOWED_HOSTS/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('formats article dates as M.d.yy', () => {
    expect(formatShortDate('2026-03-07')).to.equal('3.7.26');
    expect(formatShortDate('2026-10-21')).to.equal('10.21.26');
  });

  for (const [type, bad] of Object.entries(REFUSED_VALUES)) {
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
