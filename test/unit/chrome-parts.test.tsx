import { expect } from 'chai';
import { renderToString } from 'react-dom/server';
import { catalogFor } from '../../shared/i18n/catalogs';
import type { CatalogEntry } from '../../shared/i18n/translator';
import type { PageContext } from '../../shared/schemas/page-payload';
import { chromeParts } from '../../server/ssr/chrome-parts';
import { SiteFooter } from '../../views/components/layout/SiteFooter';
import { SiteHeader } from '../../views/components/layout/SiteHeader';
import { PageContextProvider } from '../../views/page-context';
import { PrerenderedParts } from '../../views/prerendered';

const header = {
  newHeader: true,
  content: {
    sections: [
      {
        role: 'primary',
        title: 'Menu & <more>',
        links: [
          { display_name: 'Fish "fresh"', url: '/fish/', children: [{ display_name: 'Cod', url: '/fish/cod/' }] },
          { display_name: 'No url', url: '' },
        ],
      },
      { role: 'primary', title: '', links: [{ display_name: 'Untitled section', url: '/x/' }] },
      { role: 'secondary', title: 'Help', links: [{ display_name: 'FAQs', url: '/faq/' }] },
      { role: 'secondary', title: 'Empty', links: [] },
      {
        role: 'social-media-row',
        title: 'Follow Us',
        links: [{ display_name: 'Instagram', url: 'https://www.instagram.com/x' }],
      },
    ],
  },
};
const footer = {
  content: {
    columns: [
      { title: 'Menu', is_collapsable: true, links: [{ url: '/menu/', display_name: 'Full <Menu>' }] },
      { title: 'Legal', is_collapsable: false, links: [{ url: '/terms/', display_name: 'Terms' }] },
    ],
    social_icons: [
      { link: 'https://twitter.com/x?a=1&b=2', icon: 'twitter' },
      { link: 'https://www.facebook.com/x', icon: 'facebook' },
    ],
    legal_text: 'Line one\nLine two',
    regions: [{ id: 1, title: 'Canada', url: 'http://ca.localhost:3000/' }],
    use_twitter_bird: true,
  },
  a11yFeedbackUrl: null,
};

function contextFor(languageCode: string, chrome: Partial<PageContext>): PageContext {
  return {
    languageCode,
    localePrefix: '',
    catalog: catalogFor(languageCode),
    sentryDsn: null,
    commitId: 'x',
    branch: 'x',
    siteName: 'Harbor',
    siteUrl: 'http://localhost:3000',
    alternates: [],
    isPreview: false,
    ...chrome,
  } as PageContext;
}

/** The header and footer as a page renders them, with or without the pre-rendered parts; and the translations they reported. */
function render(context: PageContext, withParts: boolean) {
  const used = new Set<string>();
  const missing = new Set<string>();
  const onTranslate = (entry: CatalogEntry) => used.add(`${entry.context}|${entry.key}`);
  const onMissing = (scope: string, key: string) => missing.add(`${scope}|${key}`);
  const tree = (
    <PageContextProvider context={context} onTranslate={onTranslate} onMissingTranslation={onMissing}>
      <SiteHeader />
      <SiteFooter pageUrl="/" />
    </PageContextProvider>
  );
  const html = renderToString(
    withParts ? <PrerenderedParts value={chromeParts(context, onTranslate, onMissing)}>{tree}</PrerenderedParts> : tree,
  );
  return { html, used: [...used].sort(), missing: [...missing].sort() };
}

describe('pre-rendered header and footer parts', () => {
  for (const languageCode of ['en-US', 'fr-CA']) {
    it(`write the same markup and report the same translations as a full render (${languageCode})`, () => {
      const context = contextFor(languageCode, { header, footer } as Partial<PageContext>);
      const full = render(context, false);
      const first = render(context, true);
      // The second page reads the parts from memory.
      const second = render(context, true);
      for (const page of [first, second]) {
        expect(page.html).to.equal(full.html);
        expect(page.used).to.deep.equal(full.used);
        expect(page.missing).to.deep.equal(full.missing);
      }
      expect(full.html).to.include('burger__section').and.include('footer-columns').and.include('Full &lt;Menu&gt;');
    });
  }

  it('are only asked for what the page shows: the legacy header and a footer without social icons', () => {
    const context = contextFor('en-US', {
      header: { ...header, newHeader: false },
      footer: { ...footer, content: { ...footer.content, social_icons: [] } },
    } as Partial<PageContext>);
    expect(render(context, true)).to.deep.equal(render(context, false));
  });

  it('are none without header and footer snippets', () => {
    const lookup = chromeParts(contextFor('en-US', {}), () => {});
    expect(lookup('footer-columns', footer.content.columns)).to.equal(undefined);
    expect(render(contextFor('en-US', {}), true)).to.deep.equal(render(contextFor('en-US', {}), false));
  });
});
