import type { DemoPage } from '../demo-pages';
import { block, richText, tx, type PageLocale } from './common';

/** Where the demo's form notifications go (the file mailer in development: DATA_DIR/mail/). */
const GUEST_RELATIONS = 'guest-relations@harborline.example';

/** /contact-us/: the header's 'Contact Us' link lands here (ContactUsPage). */
export function contactPage(locale: PageLocale): DemoPage {
  const t = (en: string, fr: string) => tx(locale, en, fr);
  return {
    pageType: 'ContactUsPage',
    title: t('Contact Us', 'Nous joindre'),
    slug: 'contact-us',
    search_description: t(
      'Questions, praise or a concern about a visit: write to Harborline Seafood guest relations.',
      'Questions, compliments ou une préoccupation au sujet d’une visite : écrivez au service à la clientèle de Harborline.',
    ),
    content: {
      body: [
        block('heading', { text: t('Contact Us', 'Nous joindre'), level: 'h2', rope: true, alignment: 'centered' }),
        richText(
          t(
            `<p>We read every message. For the quickest answer about hours or reservations, see the <a href="${locale.prefix}/faq/">FAQ</a> or call your restaurant.</p>`,
            `<p>Nous lisons tous les messages. Pour une réponse rapide au sujet des heures ou des réservations, consultez la <a href="${locale.prefix}/faq/">FAQ</a> ou appelez votre restaurant.</p>`,
          ),
        ),
      ],
      confirmation_content: [
        richText(
          t(
            '<p>Thank you for reaching out. Our guest relations team will reply within two business days.</p>',
            '<p>Merci de nous avoir écrit. Notre équipe du service à la clientèle vous répondra d’ici deux jours ouvrables.</p>',
          ),
        ),
      ],
      notify_emails: [GUEST_RELATIONS],
    },
  };
}

/** /email-signup/: Fresh Catch News (EmailSignupPage). */
export function signupPage(locale: PageLocale): DemoPage {
  const t = (en: string, fr: string) => tx(locale, en, fr);
  return {
    pageType: 'EmailSignupPage',
    title: t('Join Fresh Catch News', 'Abonnez-vous aux Nouvelles de la pêche'),
    slug: 'email-signup',
    search_description: t(
      'Sign up for offers, a birthday treat and news of new dishes.',
      'Inscrivez-vous pour recevoir des offres, une gâterie d’anniversaire et les nouveautés du menu.',
    ),
    content: {
      body: [
        block('heading', {
          text: t('Join Fresh Catch News', 'Abonnez-vous aux Nouvelles de la pêche'),
          level: 'h2',
          rope: true,
          alignment: 'centered',
        }),
      ],
      pre_form_content: [
        richText(
          t(
            '<p>Get a free appetizer or dessert when you join, a treat on your birthday, and first word of new dishes and events.</p>',
            '<p>Recevez une entrée ou un dessert gratuit à l’inscription, une gâterie à votre anniversaire et les premières nouvelles des plats et événements.</p>',
          ),
        ),
      ],
      legal_text: [
        richText(
          t(
            `<p>You can unsubscribe at any time. Read our <a href="${locale.prefix}/privacy-policy/">Privacy Policy</a>. Harborline Seafood, 100 Harbor Way, Portland, ME 04101.</p>`,
            `<p>Vous pouvez vous désabonner en tout temps. Lisez notre <a href="${locale.prefix}/privacy-policy/">politique de confidentialité</a>. Harborline Fruits de mer, 100 Harbor Way, Portland (Maine) 04101.</p>`,
          ),
        ),
      ],
      confirmation_content: [
        richText(
          t(
            '<p>Welcome aboard! Your welcome offer is on its way to your inbox.</p>',
            '<p>Bienvenue à bord! Votre offre de bienvenue s’en vient dans votre boîte de réception.</p>',
          ),
        ),
      ],
      faq_url: `${locale.prefix}/faq/`,
      unsubscribe_url: `${locale.prefix}/unsubscribe/`,
      notify_emails: [GUEST_RELATIONS],
    },
  };
}

/** /unsubscribe/: the unsubscribe block, where the links in our mails lead. */
export function unsubscribePage(locale: PageLocale): DemoPage {
  const t = (en: string, fr: string) => tx(locale, en, fr);
  return {
    pageType: 'UtilityPage',
    title: t('Unsubscribe', 'Se désabonner'),
    slug: 'unsubscribe',
    robots: 'noindex',
    content: {
      background_style: 'faded-shoreline',
      body: [
        block('unsubscribe', {
          heading: t('Unsubscribe From Fresh Catch News', 'Se désabonner des Nouvelles de la pêche'),
          intro: t(
            '<p>Enter your e-mail address and we will stop sending you offers.</p>',
            '<p>Entrez votre adresse courriel et nous cesserons de vous envoyer des offres.</p>',
          ),
          submit_label: t('Unsubscribe', 'Se désabonner'),
        }),
      ],
    },
  };
}
