import { usePageContext, useT } from '../../page-context';

/** The site footer: language links and legal line. Link columns and social icons plug in here. */
export function SiteFooter() {
  const { siteName, alternates } = usePageContext();
  const t = useT();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        {alternates.length > 0 ? (
          <ul className="site-footer__languages" aria-label="Language">
            {alternates.map((alt) => (
              <li key={alt.languageCode}>
                <a href={alt.url} hrefLang={alt.languageCode} lang={alt.languageCode}>
                  {alt.languageCode.startsWith('fr') ? t('Français', { context: 'language switcher' }) : t('English', { context: 'language switcher' })}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="site-footer__legal">© {siteName}</p>
        <a href="#mainContent" className="site-footer__top">
          {t('Back to Top')}
        </a>
      </div>
    </footer>
  );
}
