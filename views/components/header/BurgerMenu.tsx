import { use, useId, useRef } from 'react';
import type { HeaderSection } from '../../../shared/schemas/navigation';
import { useLocalePrefix, useT } from '../../page-context';
import { PrerenderedParts } from '../../prerendered';
import { Icon } from './Icon';
import { loginUrl } from './login';
import { sectionsWithRole, socialIconFor, visibleChildren, visibleLinks } from './sections';

/**
 * The narrow-screen navigation (max-width 840px) in a native modal <dialog>: showModal() makes
 * the rest of the page inert, Escape closes it and the browser returns focus to the burger
 * button. Native rather than react-aria so every page does not pay ~40 KB gz for one menu.
 */
export function BurgerMenu({ sections }: { sections: HeaderSection[] }) {
  const t = useT();
  const localePrefix = useLocalePrefix();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const navSections = sectionsWithRole(sections, ['primary', 'secondary']);
  const social = sectionsWithRole(sections, ['social-media-row']).flatMap(visibleLinks);
  const close = () => dialog.current?.close();
  // On the server, the sections and social row as rendered once for this header (views/prerendered.tsx).
  const parts = process.env.BROWSER_BUNDLE === '1' ? null : use(PrerenderedParts);
  return (
    <>
      <button
        type="button"
        className="burger__button"
        aria-label={t('Open menu')}
        aria-haspopup="dialog"
        onClick={() => dialog.current?.showModal()}
      >
        <span className="burger__bars" aria-hidden="true" />
      </button>
      <dialog
        ref={dialog}
        className="burger__modal"
        aria-labelledby={titleId}
        // A click on the backdrop lands on the <dialog> element itself.
        onClick={(event) => {
          if (event.target === event.currentTarget) close();
        }}
      >
        <div className="burger__dialog">
          <div className="burger__top">
            <h2 id={titleId} className="visually-hidden">
              {t('Menu')}
            </h2>
            <button type="button" className="burger__close" onClick={close} aria-label={t('Close menu')}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <a className="burger__login" href={loginUrl(localePrefix)}>
            <Icon name="account" />
            {t('Log In or Create an Account')}
          </a>
          {navSections.map((section, index) => {
            const links = visibleLinks(section);
            if (links.length === 0) return null;
            if (process.env.BROWSER_BUNDLE !== '1' && parts?.('burger-section', section) !== undefined) {
              return (
                <nav
                  key={index}
                  className={`burger__section burger__section--${section.role}`}
                  aria-label={section.title || t('Menu')}
                  dangerouslySetInnerHTML={{ __html: parts('burger-section', section)! }}
                />
              );
            }
            return (
              <nav
                key={index}
                className={`burger__section burger__section--${section.role}`}
                aria-label={section.title || t('Menu')}
              >
                {section.title ? <h2 className="burger__section-title">{section.title}</h2> : null}
                <ul>
                  {links.map((link) => (
                    <li key={link.url}>
                      <a href={link.url}>{link.display_name}</a>
                      {visibleChildren(link).length > 0 ? (
                        <ul className="burger__sublist">
                          {visibleChildren(link).map((child) => (
                            <li key={child.url}>
                              <a href={child.url}>{child.display_name}</a>
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </nav>
            );
          })}
          {process.env.BROWSER_BUNDLE !== '1' &&
          social.length > 0 &&
          parts?.('burger-social', sections) !== undefined ? (
            <ul
              className="burger__social"
              aria-label={t('Follow Us')}
              dangerouslySetInnerHTML={{ __html: parts('burger-social', sections)! }}
            />
          ) : social.length > 0 ? (
            <ul className="burger__social" aria-label={t('Follow Us')}>
              {social.map((link) => (
                <li key={link.url}>
                  <a href={link.url} target="_blank" rel="noopener noreferrer">
                    <Icon name={socialIconFor(link)} label={`${link.display_name} ${t('(opens in a new tab)')}`} />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </dialog>
    </>
  );
}
