import { expect } from 'chai';
import { escapeJsonForScript } from '../../server/ssr/escape-json';
import { pageDataJson } from '../../server/ssr/page-data-json';
import type { PageContext, PagePayload } from '../../shared/schemas/page-payload';

const body = [{ type: 'paragraph', id: 'a', value: { text: '<p>Fish & chips</script><!-- \u2028 \u2029</p>' } }];
const toolboxBlocks = [{ type: 'heading', id: 't1', value: { text: 'Catch of the day >' } }];

function payload(
  extra: Record<string, unknown>,
  content: Record<string, unknown> = { body, intro: 'x < y', missing: undefined },
): PagePayload {
  return {
    template: 'content_page',
    page: {
      id: 7,
      pageType: 'content_page',
      title: 'A & B',
      seoTitle: '',
      searchDescription: '',
      robots: 'index',
      url: '/a/',
      lastPublishedAt: null,
      content,
      extra,
    },
    context: {} as PageContext,
  } as unknown as PagePayload;
}
const header = {
  newHeader: true,
  content: {
    sections: [{ role: 'primary', title: 'Menu & more', links: [{ display_name: '<Fish>', url: '/fish/' }] }],
  },
};
const footerContent = {
  columns: [{ title: 'A & B', is_collapsable: true, links: [] }],
  social_icons: [{ link: 'https://example.com/?a=1&b=2', icon: 'facebook' }],
  legal_text: '\u2028',
  regions: [],
  use_twitter_bird: false,
  gone: undefined,
};
const context = {
  languageCode: 'en',
  localePrefix: '',
  catalog: [{ context: '', key: '<b>', value: 'x' }],
  siteName: 'Harbor <line>',
  alternates: [],
  skipped: undefined,
} as unknown as PageContext;
const withChrome = {
  ...context,
  header,
  footer: { content: footerContent, a11yFeedbackUrl: null },
} as unknown as PageContext;
const oddChrome = {
  ...context,
  header: null,
  footer: { content: ['not', 'a', 'record'], a11yFeedbackUrl: '<x>' },
} as unknown as PageContext;

describe('page data JSON', () => {
  it('is exactly the escaped JSON of the payload with its context', () => {
    const cases = [
      payload({}),
      payload({
        toolboxes: { '3': { name: 'Box <1>', blocks: toolboxBlocks }, '4': { name: 'Empty', blocks: [] } },
        sitemap: [{ title: 'Home', url: '/' }],
      }),
      payload({ toolboxes: null, gone: undefined }),
      payload({}, {}),
    ];
    for (const value of cases) {
      for (const pageContext of [context, withChrome, oddChrome]) {
        const expected = escapeJsonForScript({ ...value, context: pageContext });
        expect(pageDataJson(value, pageContext)).to.equal(expected);
        // The second render reads the shared parts' text from memory: still the same text.
        expect(pageDataJson(value, pageContext)).to.equal(expected);
        expect(JSON.parse(expected)).to.deep.equal(JSON.parse(pageDataJson(value, pageContext)));
      }
    }
  });

  it('cannot close its script element or open a comment', () => {
    const text = pageDataJson(payload({ toolboxes: { '3': { name: 'x', blocks: toolboxBlocks } } }), context);
    expect(text).not.to.match(/[<>&\u2028\u2029]/);
  });
});
