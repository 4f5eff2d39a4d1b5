import { use } from 'react';
import type { HeaderContent } from '../../../shared/schemas/navigation';
import { useLocalePrefix, useT } from '../../page-context';
import { PrerenderedParts } from '../../prerendered';
import { Logo } from '../layout/Logo';
import { BurgerMenu } from './BurgerMenu';
import { DesktopNav } from './DesktopNav';
import { HeaderPickerSlot } from './HeaderPickerSlot';
import { HeaderIcons } from './HeaderIcons';
import { Icon } from './Icon';
import { loginUrl } from './login';
import { sectionsWithRole } from './sections';
import { useNavMenuReady } from './use-nav-menu-ready';

/** The header of spec section 2: logo, picker slot, primary navigation, log-in, burger dialog. */
export function NewHeader({ siteName, content }: { siteName: string; content: HeaderContent }) {
  const t = useT();
  const localePrefix = useLocalePrefix();
  const markNavReady = useNavMenuReady();
  const parts = process.env.BROWSER_BUNDLE === '1' ? null : use(PrerenderedParts);
  return (
    <header className="site-header site-header--new" data-header="new">
      <div className="site-header__inner">
        <a href={`${localePrefix}/`} className="site-header__logo">
          <Logo siteName={siteName} />
        </a>
        <HeaderPickerSlot />
        {/* Social-media-row and secondary sections belong to the burger only. */}
        {/* On the server, the menus as rendered once for this header (views/prerendered.tsx); the browser hydrates DesktopNav against them. */}
        {process.env.BROWSER_BUNDLE !== '1' && parts?.('desktop-nav', content.sections) !== undefined ? (
          <nav
            className="desktop-nav"
            aria-label={t('Main')}
            dangerouslySetInnerHTML={{ __html: parts('desktop-nav', content.sections)! }}
          />
        ) : (
          <DesktopNav sections={sectionsWithRole(content.sections, ['primary'])} onReady={markNavReady} />
        )}
        <HeaderIcons />
        <a href={loginUrl(localePrefix)} className="site-header__login">
          <Icon name="account" />
          {t('Log In')}
        </a>
        <div className="burger">
          <BurgerMenu sections={content.sections} />
        </div>
      </div>
    </header>
  );
}
