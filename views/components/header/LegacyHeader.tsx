import { useT } from '../../page-context';
import { Logo } from '../layout/Logo';
import { HeaderIcons } from './HeaderIcons';
import { HeaderPickerSlot } from './HeaderPickerSlot';
import { LOGIN_URL } from './login';

/** The simpler header used without the new-header flag or without header content. */
export function LegacyHeader({ siteName }: { siteName: string }) {
  const t = useT();
  return (
    <header className="site-header site-header--legacy" data-header="legacy">
      <div className="site-header__inner">
        <a href="/" className="site-header__logo">
          <Logo siteName={siteName} />
        </a>
        <HeaderPickerSlot />
        <HeaderIcons />
        <a href={LOGIN_URL} className="site-header__login">
          {t('Log In')}
        </a>
      </div>
    </header>
  );
}
