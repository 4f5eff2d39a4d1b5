import { useId, useRef } from 'react';
import type { HeaderSection } from '../../../shared/schemas/navigation';
import { useT } from '../../page-context';
import { usePartContent } from '../../prerendered';
import { Icon } from './Icon';
import { LOGIN_URL } from './login';
import { sectionsWithRole, socialIconFor, visibleChildren, visibleLinks } from './sections';

const socialLinksOf = (sections: HeaderSection[]) => sectionsWithRole(sections, ['social-media-row']).flatMap(visibleLinks);

/**
 * The narrow-screen navigation (max-width 840px) in a native modal <dialog>: showModal() makes
 * the rest of the page inert, Escape closes it and the browser returns focus to the burger
 * button. Native rather than react-aria so every page does not pay ~40 KB gz for one menu.
 */
export function BurgerMenu({ sections }: { sections: HeaderSection[] }) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const navSections = sectionsWithRole(sections, ['primary', 'secondary']);
  const hasSocial = socialLinksOf(sections).length > 0;
  const close = () => dialog.current?.close();
  return (
    <>
      <button type="button" className="burger__button" aria-label={t('Open menu')} aria-haspopup="dialog" onClick={() => dialog.current?.showModal()}>
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
          <a className="burger__login" href={LOGIN_URL}>
            <Icon name="account" />
            {t('Log In or Create an Account')}
          </a>
          {navSections.map((section, index) => {
            const links = visibleLinks(section);
            if (links.length === 0) return null;
            return (
              <BurgerSection key={index} section={section} label={section.title || t('Menu')} />
            );
          })}
          {hasSocial ? (
            <BurgerSocial sections={sections} label={t('Follow Us')} />
          ) : null}
        </div>
      </dialog>
    </>
  );
}

function BurgerSection({ section, label }: { section: HeaderSection; label: string }) {
  return <nav className={`burger__section burger__section--${section.role}`} aria-label={label} {...usePartContent('burger-section', section, () => <BurgerSectionBody section={section} />)} />;
}

/** A section's title and links: the same for every page of a header (server/ssr/chrome-parts.tsx renders them once). */
export function BurgerSectionBody({ section }: { section: HeaderSection }) {
  return (
    <>
      {section.title ? <h2 className="burger__section-title">{section.title}</h2> : null}
      <ul>
        {visibleLinks(section).map((link) => (
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
    </>
  );
}

function BurgerSocial({ sections, label }: { sections: HeaderSection[]; label: string }) {
  return <ul className="burger__social" aria-label={label} {...usePartContent('burger-social', sections, () => <BurgerSocialItems sections={sections} />)} />;
}

/** The social-media-row links as icons, for every page of a header and language (server/ssr/chrome-parts.tsx renders them once). */
export function BurgerSocialItems({ sections }: { sections: HeaderSection[] }) {
  const t = useT();
  return socialLinksOf(sections).map((link) => (
    <li key={link.url}>
      <a href={link.url} target="_blank" rel="noopener noreferrer">
        <Icon name={socialIconFor(link)} label={`${link.display_name} ${t('(opens in a new tab)')}`} />
      </a>
    </li>
  ));
}
