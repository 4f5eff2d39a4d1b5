import { expect } from 'chai';
import { useId } from 'react';
import { renderToString } from 'react-dom/server';
import { catalogFor } from '../../shared/i18n/catalogs';
import type { CatalogEntry } from '../../shared/i18n/translator';
import type { BlockData, PageContext, PagePayload } from '../../shared/schemas/page-payload';
import { mainPart, withMainPart } from '../../server/ssr/main-part';
import { App } from '../../views/App';
import { blockComponents } from '../../views/blocks/components';
import { blockSchemas } from '../../views/blocks/schemas';
import { usePageContext } from '../../views/page-context';
import { PrerenderedParts } from '../../views/prerendered';
import type { TemplateComponent, TemplateProps } from '../../views/template-types';
import { serverTemplates } from '../../views/templates/index';

/** A cleaned block value as the cleaned-content cache holds it: the block type's demo, through its schema. */
function block(type: string, id: string, change: Record<string, unknown> = {}): BlockData {
  const definition = blockSchemas.get(type);
  if (!definition) throw new Error(`no block type ${type}`);
  return { type, id, value: definition.schema.parse({ ...(definition.demo as object), ...change }) } as BlockData;
}

function contextFor(languageCode: string, change: Partial<PageContext> = {}): PageContext {
  return {
    languageCode,
    localePrefix: languageCode.startsWith('fr') ? '/fr' : '',
    catalog: catalogFor(languageCode),
    sentryDsn: null,
    commitId: 'x',
    branch: 'x',
    siteName: 'Harbor',
    siteUrl: 'http://localhost:3000',
    alternates: [],
    isPreview: false,
    ...change,
  } as PageContext;
}

/** The cleaned content's other shared values (the cleaned-content cache keeps one object per field). */
const noConfirmation: BlockData[] = [];

/** A page as buildPage makes it per request: new page and content objects around the shared field values. */
function payloadFor(
  template: string,
  body: BlockData[],
  context: PageContext,
  change: Partial<PagePayload['page']> = {},
): PagePayload {
  return {
    template,
    context,
    page: {
      id: 7,
      pageType: template,
      title: 'Fresh Fish',
      seoTitle: '',
      searchDescription: '',
      robots: 'index, follow',
      url: '/fish/',
      lastPublishedAt: null,
      content: { body, confirmation_content: noConfirmation, background_style: 'lobster' },
      extra: {},
      ...change,
    },
  } as PagePayload;
}

/** The page's #root as the server writes it, with or without the content part; what it reported; whether the part was used. */
function render(payload: PagePayload, Template: TemplateComponent, withPart: boolean) {
  const used = new Set<string>();
  const missing = new Set<string>();
  const onTranslate = (entry: CatalogEntry) => used.add(`${entry.context}|${entry.key}`);
  const onMissing = (scope: string, key: string) => missing.add(`${scope}|${key}`);
  const part = withPart
    ? mainPart(payload.template, Template, payload.page, payload.context, onTranslate, onMissing)
    : undefined;
  const app = (
    <App
      payload={payload}
      Template={Template}
      blocks={blockComponents}
      onTranslate={onTranslate}
      onMissingTranslation={onMissing}
    />
  );
  // A whole document, so what React hoists (image preloads) shows in the head as on a page.
  const html = renderToString(
    <html lang="en">
      <head>
        <title>t</title>
      </head>
      <body>
        <div id="root">
          {withPart ? (
            <PrerenderedParts value={withMainPart(() => undefined, part, payload.page)}>{app}</PrerenderedParts>
          ) : (
            app
          )}
        </div>
      </body>
    </html>,
  );
  return { html, used: [...used].sort(), missing: [...missing].sort(), part };
}

/** A template that counts its renders. */
function counting(Template: TemplateComponent) {
  const counter = { renders: 0, Template: (props: TemplateProps) => (counter.renders++, (<Template {...props} />)) };
  return counter;
}

const textBlocks = () => [block('hero', 'a'), block('heading', 'b'), block('rich_text', 'c'), block('alert', 'd')];

describe('pre-rendered page content', () => {
  for (const template of ['HomePage', 'ExamplePage', 'UtilityPage']) {
    for (const languageCode of ['en-US', 'fr-CA']) {
      it(`writes the markup and reports the translations of a full render, and renders once (${template}, ${languageCode})`, () => {
        const body = textBlocks();
        const counter = counting(serverTemplates[template]!);
        const full = render(payloadFor(template, body, contextFor(languageCode)), counter.Template, false);
        const rendersBefore = counter.renders;
        // Two requests: new page and context objects around the same cleaned body.
        const first = render(payloadFor(template, body, contextFor(languageCode)), counter.Template, true);
        const second = render(payloadFor(template, body, contextFor(languageCode)), counter.Template, true);
        expect(first.part?.html, 'the content is reused').to.be.a('string');
        for (const page of [first, second]) {
          expect(page.html).to.equal(full.html);
          expect(page.used).to.deep.equal(full.used);
          expect(page.missing).to.deep.equal(full.missing);
        }
        expect(counter.renders - rendersBefore, 'renders of the template for two requests').to.equal(1);
        expect(full.html).to.include('block-alert').and.include('block-hero');
        if (languageCode === 'fr-CA') expect(full.used.length, 'the alert looks up its text').to.be.above(0);
      });
    }
  }

  it('shows a new revision: another body is rendered again', () => {
    const Template = serverTemplates.HomePage!;
    const before = render(payloadFor('HomePage', textBlocks(), contextFor('en-US')), Template, true);
    const changed = [block('heading', 'b', { text: 'Oysters Are Back' }), block('rich_text', 'c')];
    const after = render(payloadFor('HomePage', changed, contextFor('en-US')), Template, true);
    expect(after.part?.html).to.be.a('string');
    expect(after.html).to.include('Oysters Are Back').and.not.include('block-hero');
    expect(after.html).to.equal(render(payloadFor('HomePage', changed, contextFor('en-US')), Template, false).html);
    expect(before.html).to.not.include('Oysters Are Back');
  });

  it("writes the lead image's preload in the head, as a full render does (attributes in another order)", () => {
    const body = [block('feature_image', 'i'), block('coupon', 'c'), block('heading', 'b')];
    const Template = serverTemplates.ExamplePage!;
    const full = render(payloadFor('ExamplePage', body, contextFor('en-US')), Template, false);
    expect(full.html).to.match(
      /<head>.*<link rel="preload" as="image" imageSrcSet="[^"]+"[^>]*fetchPriority="high"\/>.*<\/head>/,
    );
    for (let i = 0; i < 2; i++) {
      const withPart = render(payloadFor('ExamplePage', body, contextFor('en-US')), Template, true);
      expect(withPart.part?.html)
        .to.be.a('string')
        .and.match(/^<div class="template-example">/);
      // The same element in the head; preload() writes its attributes in another order.
      const inOrder = (html: string) =>
        html.replace(
          /<link rel="preload" as="image"([^>]*)\/>/g,
          (_, attributes: string) =>
            `<link rel="preload" as="image"${(attributes.match(/ [A-Za-z]+="[^"]*"/g) ?? []).sort().join('')}/>`,
        );
      expect(withPart.html).to.not.equal(full.html);
      expect(inOrder(withPart.html)).to.equal(inOrder(full.html));
    }
  });

  it('is rendered again when a plain field it read changes (the title on a utility page, the URL, the language)', () => {
    const body = textBlocks();
    const Template = serverTemplates.UtilityPage!;
    for (const [change, context] of [
      [{ title: 'Crab Season' }, contextFor('en-US')],
      [{ title: 'Lobster Rolls' }, contextFor('en-US')],
      [{ title: 'Lobster Rolls', url: '/rolls/' }, contextFor('en-US')],
      [{ title: 'Lobster Rolls' }, contextFor('fr-CA')],
      [{ title: 'Lobster Rolls' }, contextFor('en-US', { siteName: 'Other' })],
    ] as const) {
      const withPart = render(payloadFor('UtilityPage', body, context, change), Template, true);
      expect(withPart.part?.html).to.be.a('string');
      expect(withPart.html).to.equal(render(payloadFor('UtilityPage', body, context, change), Template, false).html);
    }
    expect(
      render(payloadFor('UtilityPage', body, contextFor('en-US'), { title: 'Crab Season' }), Template, true).html,
    ).to.include('Crab Season');
  });

  const notReused: Array<[string, () => { payload: PagePayload; Template: TemplateComponent }]> = [
    [
      'a sitemap block (it reads the page list loaded per request)',
      () => ({
        payload: payloadFor('HomePage', [block('heading', 'b'), block('sitemap', 's')], contextFor('en-US'), {
          extra: { sitemap: [{ title: 'Menu', url: '/menu/', depth: 1 }] },
        }),
        Template: serverTemplates.HomePage!,
      }),
    ],
    [
      'an image React preloads without a srcset',
      () => ({
        payload: payloadFor('HomePage', textBlocks(), contextFor('en-US')),
        Template: function PlainImage() {
          return (
            <div className="template-home">
              <img src="/media/fish.jpg" alt="" />
            </div>
          );
        },
      }),
    ],
    [
      'a back-office preview',
      () => ({
        payload: payloadFor('HomePage', textBlocks(), contextFor('en-US', { isPreview: true })),
        Template: serverTemplates.HomePage!,
      }),
    ],
    [
      'a template not known to show only its content',
      () => ({
        payload: payloadFor('PressSectionPage', textBlocks(), contextFor('en-US')),
        Template: serverTemplates.HomePage!,
      }),
    ],
    [
      'a rendering with generated ids',
      () => ({
        payload: payloadFor('HomePage', textBlocks(), contextFor('en-US')),
        Template: function WithId() {
          return <div className="template-home" id={useId()} />;
        },
      }),
    ],
    [
      'a rendering that reads a request-made object of the context',
      () => ({
        payload: payloadFor(
          'HomePage',
          textBlocks(),
          contextFor('en-US', { alternates: [{ languageCode: 'fr-CA', url: '/fr/' }] }),
        ),
        Template: function ReadsContext() {
          return <div className="template-home">{usePageContext().alternates.length}</div>;
        },
      }),
    ],
  ];
  for (const [what, make] of notReused) {
    it(`renders per request for ${what}`, () => {
      const { payload, Template } = make();
      for (let i = 0; i < 2; i++) {
        const withPart = render(payload, Template, true);
        expect(withPart.part).to.equal(undefined);
        expect(withPart.html).to.equal(render(payload, Template, false).html);
      }
    });
  }
});
