import type { DemoPage } from '../demo-pages';
import { block, richText, tx, type PageLocale } from './common';

/** The FAQ page: three groups of questions, each group reachable by its own anchor. */
export function faqPage(locale: PageLocale): DemoPage {
  const t = (en: string, fr: string) => tx(locale, en, fr);
  const group = (name: string, slug: string, faqs: { question: string; answer: string }[]) => [
    block('scroll_nav_menu_item', { name, slug }),
    block('faqs', { heading: '', layout: 'two_columns', faqs }),
  ];
  return {
    pageType: 'ExamplePage',
    title: t('Frequently Asked Questions', 'Foire aux questions'),
    slug: 'faq',
    search_description: t(
      'Reservations, the wait list, allergens, gift cards and more.',
      'Réservations, liste d’attente, allergènes, cartes-cadeaux et plus.',
    ),
    content: {
      body: [
        ...group(t('Visiting', 'Votre visite'), 'visiting', [
          {
            question: t('Do you take reservations?', 'Prenez-vous les réservations?'),
            answer: t(
              `<p>Many restaurants do. Choose a restaurant on the <a href="${locale.prefix}/locations/">locations page</a>; if it takes reservations you will see <strong>Reserve a Table</strong>.</p>`,
              `<p>Plusieurs restaurants, oui. Choisissez un restaurant sur la <a href="${locale.prefix}/locations/">page des restaurants</a>; s’il prend les réservations, vous verrez <strong>Réserver une table</strong>.</p>`,
            ),
          },
          {
            question: t('Can I join the wait list online?', 'Puis-je m’inscrire à la liste d’attente en ligne?'),
            answer: t(
              '<p>Yes, at restaurants that offer it: choose <strong>Join the wait list</strong> and we will text you when your table is ready.</p>',
              '<p>Oui, dans les restaurants qui l’offrent : choisissez <strong>S’inscrire sur la liste d’attente</strong> et nous vous écrirons quand votre table sera prête.</p>',
            ),
          },
          {
            question: t('Are you open on holidays?', 'Êtes-vous ouverts les jours fériés?'),
            answer: t(
              '<p>Most restaurants close on Thanksgiving and Christmas Day and close early on Christmas Eve. Each location page lists its holiday hours.</p>',
              '<p>La plupart des restaurants ferment à l’Action de grâce et le jour de Noël, et ferment plus tôt la veille de Noël. Chaque page de restaurant indique ses heures des fêtes.</p>',
            ),
          },
        ]),
        ...group(t('Food and Allergens', 'Plats et allergènes'), 'allergens', [
          {
            question: t('Where does your fish come from?', 'D’où vient votre poisson?'),
            answer: t(
              '<p>From fisheries we audit every year; see <a href="' + locale.prefix + '/about/">our story</a>.</p>',
              '<p>De pêcheries que nous vérifions chaque année; lisez <a href="' +
                locale.prefix +
                '/about/">notre histoire</a>.</p>',
            ),
          },
          {
            question: t('Do you offer gluten-free dishes?', 'Offrez-vous des plats sans gluten?'),
            answer: t(
              '<p>Yes: wood-grilled fish, steamed shellfish and most sides. Ask your server for the allergen guide.</p>',
              '<p>Oui : les poissons grillés au bois, les fruits de mer à la vapeur et la plupart des accompagnements. Demandez le guide des allergènes à votre serveur.</p>',
            ),
          },
        ]),
        ...group(t('Gift Cards', 'Cartes-cadeaux'), 'gift-cards', [
          {
            question: t('Do gift cards expire?', 'Les cartes-cadeaux expirent-elles?'),
            answer: t('<p>Never, and they carry no fees.</p>', '<p>Jamais, et elles sont sans frais.</p>'),
          },
          {
            question: t('Can I use a US card in Canada?', 'Puis-je utiliser une carte américaine au Canada?'),
            answer: t(
              '<p>Cards work in the country where they were bought.</p>',
              '<p>Les cartes sont acceptées dans le pays où elles ont été achetées.</p>',
            ),
          },
        ]),
      ],
      confirmation_content: [],
    },
  };
}

function legalPage(slug: string, title: string, html: string): DemoPage {
  return {
    pageType: 'UtilityPage',
    title,
    slug,
    content: { background_style: 'faded-shoreline', body: [richText(html, 'full')] },
  };
}

/** Terms of use, privacy and accessibility: the legal pages the footer links to. */
export function legalPages(locale: PageLocale): DemoPage[] {
  const t = (en: string, fr: string) => tx(locale, en, fr);
  return [
    legalPage(
      'terms-of-use',
      t('Terms of Use', 'Conditions d’utilisation'),
      t(
        '<p>These terms govern your use of the Harborline Seafood website. Prices and participation may vary by location.</p>',
        '<p>Les présentes conditions régissent votre utilisation du site Web de Harborline Fruits de mer. Les prix et la participation peuvent varier selon le restaurant.</p>',
      ),
    ),
    legalPage(
      'privacy-policy',
      t('Privacy Policy', 'Politique de confidentialité'),
      t(
        '<h2>What we collect</h2><p>The restaurant you choose is kept in your browser (local storage and a cookie named li) so the site can show its hours. We collect nothing else unless you write to us or join Fresh Catch News.</p><h2>Your choices</h2><p>Clear your browser’s storage to forget your restaurant, and unsubscribe from any e-mail with the link at its foot.</p>',
        '<h2>Ce que nous recueillons</h2><p>Le restaurant que vous choisissez est conservé dans votre navigateur (stockage local et un témoin nommé li) pour que le site affiche ses heures. Nous ne recueillons rien d’autre, sauf si vous nous écrivez ou vous abonnez aux Nouvelles de la pêche.</p><h2>Vos choix</h2><p>Videz le stockage de votre navigateur pour oublier votre restaurant, et désabonnez-vous de tout courriel avec le lien au bas du message.</p>',
      ),
    ),
    legalPage(
      'accessibility',
      t('Accessibility', 'Accessibilité'),
      t(
        '<p>We want everyone to be able to use this site. It is built to the Web Content Accessibility Guidelines (WCAG) 2.2, level AA, and tested with keyboards and screen readers.</p><p>If something does not work for you, use the accessibility report link at the foot of every page.</p>',
        '<p>Nous voulons que tout le monde puisse utiliser ce site. Il est conçu selon les Règles pour l’accessibilité des contenus Web (WCAG) 2.2, niveau AA, et testé au clavier et avec des lecteurs d’écran.</p><p>Si quelque chose ne fonctionne pas pour vous, utilisez le lien de signalement d’accessibilité au bas de chaque page.</p>',
      ),
    ),
  ];
}

/**
 * /order/: where 'Order Now' and 'Order Online' land (spec: /order?rlid=). The ordering system
 * itself is another product; this page tells the guest how ordering works at their restaurant.
 */
export function orderPage(locale: PageLocale): DemoPage {
  const t = (en: string, fr: string) => tx(locale, en, fr);
  return {
    pageType: 'UtilityPage',
    title: t('Order Online', 'Commander en ligne'),
    slug: 'order',
    robots: 'noindex',
    content: {
      background_style: 'faded-shoreline',
      body: [
        richText(
          t(
            '<p>Pick up at the counter, at the curb, or have it delivered: every restaurant that offers online ordering shows an <strong>Order Now</strong> button on its page.</p><p>Online ordering is being moved to our new ordering service. Until it opens, please call your restaurant; the number is on its location page.</p>',
            '<p>À emporter au comptoir, au bord du trottoir ou en livraison : chaque restaurant qui offre la commande en ligne affiche un bouton <strong>Commander</strong> sur sa page.</p><p>La commande en ligne passe à notre nouveau service de commande. D’ici son ouverture, veuillez appeler votre restaurant; le numéro figure sur sa page.</p>',
          ),
        ),
        block('link_row', {
          heading: '',
          fineprint: '',
          links: [
            { url: `${locale.prefix}/locations/`, display_name: t('Find Your Restaurant', 'Trouver votre restaurant') },
            { url: `${locale.prefix}/menu/`, display_name: t('See the Menu', 'Voir le menu') },
          ],
        }),
      ],
    },
  };
}

/** /account/login/: the spec's 'Log In' target. Guest accounts belong to the rewards programme. */
export function accountPages(locale: PageLocale): DemoPage {
  const t = (en: string, fr: string) => tx(locale, en, fr);
  return {
    pageType: 'RedirectPage',
    title: t('Account', 'Compte'),
    slug: 'account',
    content: { redirect_to: `${locale.prefix}/account/login/` },
    children: [
      {
        pageType: 'UtilityPage',
        title: t('Log In', 'Connexion'),
        slug: 'login',
        robots: 'noindex',
        content: {
          background_style: 'blue-chill',
          body: [
            richText(
              t(
                '<p>Harborline Rewards accounts are opening soon: points on every visit, a birthday dessert and early news of new dishes.</p><p>Until then, join Fresh Catch News for a free appetizer or dessert.</p>',
                '<p>Les comptes Récompenses Harborline ouvriront bientôt : des points à chaque visite, un dessert d’anniversaire et les nouveautés en primeur.</p><p>D’ici là, abonnez-vous aux Nouvelles de la pêche pour une entrée ou un dessert gratuit.</p>',
              ),
            ),
          ],
        },
      },
    ],
  };
}
