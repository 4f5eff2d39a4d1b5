import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { HeaderSection } from '../../../shared/schemas/navigation';
import { useT } from '../../page-context';
import { Icon } from './Icon';
import { LOGIN_URL } from './login';
import { sectionsWithRole, socialIconFor, visibleLinks } from './sections';

/**
 * The narrow-screen navigation (max-width 840px): a modal dialog with the account link, the
 * primary and secondary sections and the social row. react-aria traps focus, closes on Escape
 * and returns focus to the burger button.
 */
export function BurgerMenu({ sections }: { sections: HeaderSection[] }) {
  const t = useT();
  const navSections = sectionsWithRole(sections, ['primary', 'secondary']);
  const social = sectionsWithRole(sections, ['social-media-row']).flatMap(visibleLinks);
  return (
    <DialogTrigger>
      <Button className="burger__button" aria-label={t('Open menu')}>
        <span className="burger__bars" aria-hidden="true" />
      </Button>
      <ModalOverlay className="burger__overlay" isDismissable>
        <Modal className="burger__modal">
          <Dialog className="burger__dialog">
            {({ close }) => (
              <>
                <div className="burger__top">
                  <Heading slot="title" className="visually-hidden">
                    {t('Menu')}
                  </Heading>
                  <Button className="burger__close" onPress={close} aria-label={t('Close menu')}>
                    <span aria-hidden="true">×</span>
                  </Button>
                </div>
                <a className="burger__login" href={LOGIN_URL}>
                  <Icon name="account" />
                  {t('Log In or Create an Account')}
                </a>
                {navSections.map((section, index) => {
                  const links = visibleLinks(section);
                  if (links.length === 0) return null;
                  return (
                    <nav key={index} className={`burger__section burger__section--${section.role}`} aria-label={section.title || t('Menu')}>
                      {section.title ? <h2 className="burger__section-title">{section.title}</h2> : null}
                      <ul>
                        {links.map((link) => (
                          <li key={link.url}>
                            <a href={link.url}>{link.display_name}</a>
                          </li>
                        ))}
                      </ul>
                    </nav>
                  );
                })}
                {social.length > 0 ? (
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
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}
