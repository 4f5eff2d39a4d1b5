import type { CatalogEntry } from '../shared/i18n/translator';
import type { PagePayload } from '../shared/schemas/page-payload';
import { SiteFooter } from './components/layout/SiteFooter';
import { SiteHeader } from './components/layout/SiteHeader';
import { PageContextProvider } from './page-context';
import type { TemplateComponent } from './template-types';

/** Everything inside #root: the same tree on the server and in hydration. */
export function App({
  payload,
  Template,
  onTranslate,
}: {
  payload: PagePayload;
  Template: TemplateComponent;
  onTranslate?: (entry: CatalogEntry) => void;
}) {
  return (
    <PageContextProvider context={payload.context} onTranslate={onTranslate}>
      <SiteHeader />
      <main id="mainContent" tabIndex={-1}>
        <Template page={payload.page} />
      </main>
      <SiteFooter />
    </PageContextProvider>
  );
}
