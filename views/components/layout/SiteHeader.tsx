import { usePageContext } from '../../page-context';
import { LegacyHeader } from '../header/LegacyHeader';
import { NewHeader } from '../header/NewHeader';

/** The new header when the site's new-header flag is on and it has header content; else the legacy one. */
export function SiteHeader() {
  const { siteName, header } = usePageContext();
  if (!header?.newHeader || header.content.sections.length === 0) return <LegacyHeader siteName={siteName} />;
  return <NewHeader siteName={siteName} content={header.content} />;
}
