import { useLocalePrefix, useT } from '../../page-context';
import { Logo } from '../layout/Logo';
import { HeaderIcons } from './HeaderIcons';
import { HeaderPickerSlot } from './HeaderPickerSlot';
import { loginUrl } from './login';

/** The simpler header used without the new-header flag or without header content. */
export function LegacyHeader({ siteName }: { siteName: string }) {
  const t = useT();
  const localePrefix = useLocalePrefix();
  return (
    <header className="site-header site-header--legacy" data-header="legacy">
      <div className="site-header__inner">
        <a href={`${localePrefix}/`} className="site-header__logo">
          <Logo siteName={siteName} />
        </a>
        <HeaderPickerSlot />
        <HeaderIcons />
        <a href={loginUrl(localePrefix)} className="site-header__login">
          {t('Log In')}
        </a>
      </div>
    </header>
  );
}
