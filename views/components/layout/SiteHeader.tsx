import { usePageContext, useT } from '../../page-context';
import { Logo } from './Logo';

/** The site header: logo home link and the account link. Navigation and the picker plug in here. */
export function SiteHeader() {
  const { siteName } = usePageContext();
  const t = useT();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <a href="/" className="site-header__logo">
          <Logo siteName={siteName} />
        </a>
        <nav className="site-header__nav" aria-label="Main">
          <a href="/account/login?returnUrl=/" className="site-header__login">
            {t('Log In')}
          </a>
        </nav>
      </div>
    </header>
  );
}
