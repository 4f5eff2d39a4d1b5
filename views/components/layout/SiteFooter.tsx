import { A11Y_REPORT_PATH } from '../../../shared/forms/a11y-report-path';
import { useLocalePrefix, usePageContext, useT } from '../../page-context';
import { A11yReportForm } from '../footer/A11yReportForm';
import { FooterColumns } from '../footer/FooterColumns';
import { RegionSwitcher } from '../footer/RegionSwitcher';
import { SocialIcons } from '../footer/SocialIcons';

/**
 * The site footer: link columns, social icons, legal text with the accessibility report form,
 * the region and language switchers, and 'Back to Top' on narrow screens. `pageUrl` is the
 * page's path, so server and browser compute the same region list.
 */
export function SiteFooter({ pageUrl }: { pageUrl: string }) {
  const { siteName, siteUrl, alternates, footer } = usePageContext();
  const t = useT();
  const localePrefix = useLocalePrefix();
  const content = footer?.content;
  const currentUrl = new URL(pageUrl, siteUrl).href;
  return (
    <footer className="site-footer" id="site-footer">
      <div className="site-footer__inner">
        {content ? <FooterColumns columns={content.columns} /> : null}
        {content ? <SocialIcons icons={content.social_icons} twitterBird={content.use_twitter_bird} /> : null}
        <div className="site-footer__legal">
          {content?.legal_text ? (
            content.legal_text.split('\n').map((line, index) => <p key={index}>{line}</p>)
          ) : (
            <p>© {siteName}</p>
          )}
          {/* Without an external service, reports come to this site's own page (issue 29). */}
          <A11yReportForm
            action={footer?.a11yFeedbackUrl ?? `${localePrefix}${A11Y_REPORT_PATH}`}
            external={Boolean(footer?.a11yFeedbackUrl)}
            pageUrl={currentUrl}
          />
        </div>
        <div className="site-footer__switchers">
          {content ? <RegionSwitcher regions={content.regions} currentUrl={currentUrl} /> : null}
          {alternates.length > 0 ? (
            <ul className="site-footer__languages" aria-label={t('Language')}>
              {alternates.map((alt) => (
                <li key={alt.languageCode}>
                  <a href={alt.url} hrefLang={alt.languageCode} lang={alt.languageCode}>
                    {alt.languageCode.startsWith('fr')
                      ? t('Français', { context: 'language switcher' })
                      : t('English', { context: 'language switcher' })}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <a href="#mainContent" className="site-footer__top">
          {t('Back to Top')}
        </a>
      </div>
    </footer>
  );
}
