import type { CatalogEntry } from '../shared/i18n/translator';
import type { PagePayload } from '../shared/schemas/page-payload';
import { BlockComponentsProvider, type BlockComponents } from './blocks/block-components';
import { IconSprite } from './components/header/Icon';
import { SiteFooter } from './components/layout/SiteFooter';
import { SiteHeader } from './components/layout/SiteHeader';
import { CurrentPageProvider } from './current-page';
import { PageContextProvider } from './page-context';
import { usePart } from './prerendered';
import type { TemplateComponent } from './template-types';

type AppProps = {
  payload: PagePayload;
  Template: TemplateComponent;
  /** Every block type on the server; in the browser, the ones this page shows (loaded before hydration). */
  blocks: BlockComponents;
  onTranslate?: (entry: CatalogEntry) => void;
  onMissingTranslation?: (context: string, key: string) => void;
};

/** Everything inside #root: the same tree on the server and in hydration. */
export function App({ blocks, ...props }: AppProps) {
  return (
    <BlockComponentsProvider value={blocks}>
      <AppTree {...props} />
    </BlockComponentsProvider>
  );
}

function AppTree({ payload, Template, onTranslate, onMissingTranslation }: Omit<AppProps, 'blocks'>) {
  if (payload.template === 'Footer') {
    // /blocks/footer/ is the footer alone, for embedding: no header, and the footer as the page.
    return (
      <PageContextProvider
        context={payload.context}
        onTranslate={onTranslate}
        onMissingTranslation={onMissingTranslation}
      >
        <IconSprite />
        <main id="mainContent" tabIndex={-1} className="template-footer-only" />
        <Template page={payload.page} />
      </PageContextProvider>
    );
  }
  if (process.env.BROWSER_BUNDLE !== '1') {
    // Server only: the page's content rendered before for this body of blocks (server/ssr/main-part.tsx).
    // A build-time constant: every render of one build takes the same path (the browser's never this one).
    // eslint-disable-next-line react-hooks/rules-of-hooks
    const html = usePart('main', payload.page);
    if (html !== undefined) {
      return (
        <PageContextProvider
          context={payload.context}
          onTranslate={onTranslate}
          onMissingTranslation={onMissingTranslation}
        >
          <IconSprite />
          <SiteHeader />
          <main id="mainContent" tabIndex={-1} dangerouslySetInnerHTML={{ __html: html }} />
          <SiteFooter pageUrl={payload.page.url} />
        </PageContextProvider>
      );
    }
  }
  return (
    <PageContextProvider
      context={payload.context}
      onTranslate={onTranslate}
      onMissingTranslation={onMissingTranslation}
    >
      <IconSprite />
      <SiteHeader />
      <main id="mainContent" tabIndex={-1}>
        <CurrentPageProvider page={payload.page}>
          <Template page={payload.page} />
        </CurrentPageProvider>
      </main>
      <SiteFooter pageUrl={payload.page.url} />
    </PageContextProvider>
  );
}
