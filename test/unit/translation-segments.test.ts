import { expect } from 'chai';
import { blockSchemas } from '../../views/blocks/schemas';
import {
  applyTranslations,
  extractSegments,
  NO_LINKS,
  segmentProblem,
  type PageLinkMap,
  type TranslatableFields,
} from '../../server/modules/translations/segments';
import { richTextUnits } from '../../server/modules/translations/rich-text-segments';
import { COPIED_SUBTREES, NOT_TEXT_KEYS, TEXT_KEYS } from '../../server/modules/translations/text-fields';

const page = (body: unknown[], extra: Partial<TranslatableFields> = {}): TranslatableFields => ({
  title: 'About us',
  seo_title: '',
  search_description: 'Who we are',
  content: { body },
  ...extra,
});

const hero = {
  type: 'hero',
  id: 'h1',
  value: {
    heading: 'Fresh fish',
    subheading: '',
    background_style: 'lighthouse',
    link: { url: '/menu/', display_name: 'See the menu', link_type: 'internal', link_style: 'primary' },
  },
};
const rich = {
  type: 'rich_text',
  id: 'r1',
  value: {
    html: '<p>Order <strong>now</strong> at <a href="/menu/" data-page-id="12">our menu</a>.<br>Thanks</p><ul><li>Crab &amp; lobster</li><li> </li></ul>',
    alignment: 'left',
    container: 'full',
  },
};
const image = {
  type: 'feature_image',
  id: 'f1',
  value: {
    image: {
      image_id: 3,
      renditions: [{ url: '/media/a.jpg', width: 10, height: 10, size: 1, mimetype: 'image/jpeg' }],
      default_alt_text: 'A lobster roll',
      imageData: { title: 'lobster-roll.jpg' },
    },
    caption: 'Our boats come in before dawn.',
  },
};

describe('translation segments', () => {
  it('extracts page fields, block text, link labels, alt text and rich-text paragraphs with placeholders', () => {
    const segments = extractSegments(page([hero, rich, image]));
    expect(segments.map((s) => [s.id, s.source])).to.deep.equal([
      ['page.title', 'About us'],
      ['page.search_description', 'Who we are'],
      ['body.h1.heading', 'Fresh fish'],
      ['body.h1.link.display_name', 'See the menu'],
      ['body.r1.html#1', 'Order <1>now</1> at <2>our menu</2>.<3/>Thanks'],
      ['body.r1.html#2', 'Crab & lobster'],
      ['body.f1.image.default_alt_text', 'A lobster roll'],
      ['body.f1.caption', 'Our boats come in before dawn.'],
    ]);
    expect(segments[2]!.label).to.equal('Body › Hero › Heading');
    expect(segments[4]!.kind).to.equal('rich_text');
  });

  it('keeps segment ids when blocks are reordered (ids come from block ids, not positions)', () => {
    const a = extractSegments(page([hero, rich])).map((s) => s.id);
    const b = extractSegments(page([rich, hero])).map((s) => s.id);
    expect([...b].sort()).to.deep.equal([...a].sort());
  });

  it('applies translations onto a copy, leaving untranslated segments in the source language and non-text untouched', () => {
    const source = page([hero, rich, image]);
    const before = JSON.stringify(source);
    const out = applyTranslations(
      source,
      new Map([
        ['page.title', 'À propos'],
        ['body.h1.heading', 'Poisson frais'],
        ['body.r1.html#1', 'Commandez <2>notre menu</2> <1>maintenant</1> !<3/>Merci'],
        ['body.f1.image.default_alt_text', 'Un guédille au homard'],
      ]),
      NO_LINKS,
    );
    expect(JSON.stringify(source)).to.equal(before);
    expect(out.title).to.equal('À propos');
    expect(out.search_description).to.equal('Who we are');
    const [h, r, f] = out.content.body as Array<{ value: Record<string, any> }>;
    expect(h!.value.heading).to.equal('Poisson frais');
    expect(h!.value.background_style).to.equal('lighthouse');
    expect(h!.value.link.display_name).to.equal('See the menu');
    expect(r!.value.html).to.equal(
      '<p>Commandez <a href="/menu/" data-page-id="12">notre menu</a> <strong>maintenant</strong> !<br>Merci</p><ul><li>Crab &amp; lobster</li><li> </li></ul>',
    );
    expect(f!.value.image.renditions).to.deep.equal(image.value.image.renditions);
    expect(f!.value.image.imageData.title).to.equal('lobster-roll.jpg');
    expect(f!.value.image.default_alt_text).to.equal('Un guédille au homard');
  });

  it('escapes translated text so a translation cannot add markup', () => {
    const out = applyTranslations(page([rich]), new Map([['body.r1.html#2', '<script>x</script> & co']]), NO_LINKS);
    const html = (out.content.body as Array<{ value: { html: string } }>)[0]!.value.html;
    expect(html).to.contain('<li>&lt;script&gt;x&lt;/script&gt; &amp; co</li>');
  });

  it('maps links to pages that have a translation (rich text, link URLs, page ids)', () => {
    const links: PageLinkMap = {
      pages: new Map([[12, { id: 40, url: '/fr/menu/' }]]),
      urls: new Map([['/menu/', '/fr/menu/']]),
    };
    const withPageId = { type: 'x_block', id: 'p1', value: { page_id: 12, title: 'Menu' } };
    const out = applyTranslations(page([hero, rich, withPageId]), new Map(), links);
    const [h, r, p] = out.content.body as Array<{ value: Record<string, any> }>;
    expect(h!.value.link.url).to.equal('/fr/menu/');
    expect(r!.value.html).to.contain('<a href="/fr/menu/" data-page-id="40">our menu</a>');
    expect(p!.value.page_id).to.equal(40);
  });

  it('refuses a rich-text translation with missing, extra, unbalanced or misused placeholders', () => {
    const [segment] = extractSegments(page([rich])).filter((s) => s.id === 'body.r1.html#1');
    expect(segmentProblem(segment!, 'Commandez <1>maintenant</1> <2>menu</2><3/>')).to.equal(null);
    expect(segmentProblem(segment!, 'Commandez <1>maintenant</1><3/>')).to.match(/<2> missing/);
    expect(segmentProblem(segment!, '<1>a</1><2>b</2><3/><4>c</4>')).to.match(/<4> is not in the source/);
    expect(segmentProblem(segment!, '<1>a<2>b</1></2><3/>')).to.match(/must nest/);
    expect(segmentProblem(segment!, '<1>a</1><2>b<3/>')).to.match(/never closed/);
    expect(segmentProblem(segment!, '<1>a</1><2>b</2><3>')).to.match(/line break/);
    expect(segmentProblem(segment!, '<1>a</1><2>b</2><3/><3/>')).to.match(/more than once/);
    // A refused translation is never applied: the source paragraph stays.
    const out = applyTranslations(page([rich]), new Map([['body.r1.html#1', '<1>broken']]), NO_LINKS);
    expect((out.content.body as Array<{ value: { html: string } }>)[0]!.value.html).to.equal(rich.value.html);
  });

  it('splits headings, paragraphs and list items; ignores runs without words', () => {
    expect(
      richTextUnits('<h2>Our story</h2><p>Since <em>1978</em>.</p><hr><p>&nbsp;</p>').map((u) => u.text),
    ).to.deep.equal(['Our story', 'Since <1>1978</1>.']);
  });

  it('takes nested blocks by their own ids', () => {
    const wrapper = {
      type: 'custom_background_image_wrapper',
      id: 'w1',
      value: { children: [{ type: 'heading', id: 'c1', value: { text: 'Dock to Table', level: 'h2' } }] },
    };
    expect(extractSegments(page([wrapper])).map((s) => s.id)).to.include('body.w1.children.c1.text');
  });

  it('classifies every string field of every block (a new field must be listed as text or not)', () => {
    const unclassified = new Set<string>();
    const walk = (value: unknown, key: string | null, type: string) => {
      if (typeof value === 'string') {
        if (key !== null && !TEXT_KEYS.has(key) && !NOT_TEXT_KEYS.has(key)) unclassified.add(`${type}.${key}`);
      } else if (Array.isArray(value)) value.forEach((item) => walk(item, key, type));
      else if (value && typeof value === 'object')
        for (const [k, v] of Object.entries(value)) if (!COPIED_SUBTREES.has(k)) walk(v, k, type);
    };
    for (const [type, definition] of blockSchemas) walk(definition.schema.parse(definition.demo), null, type);
    expect([...unclassified]).to.deep.equal([]);
  });

  it('extracts a segment from every block demo that has text', () => {
    for (const [type, definition] of blockSchemas) {
      if (['sitemap', 'toolbox', 'iframe'].includes(type)) continue;
      const body = [{ type, id: 'b1', value: definition.schema.parse(definition.demo) }];
      const segments = extractSegments(page(body, { title: '', search_description: '' }));
      expect(segments.length, type).to.be.greaterThan(0);
      // Applying the source text as its own translation gives the source back.
      const same = applyTranslations(page(body), new Map(segments.map((s) => [s.id, s.source])), NO_LINKS);
      expect(same.content, type).to.deep.equal(page(body).content);
    }
  });
});
