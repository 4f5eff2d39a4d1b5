import type { DemoPage } from '../demo-pages';
import { block, heading, image, link, price, richText, tx, type PageLocale } from './common';

/** Specials: the season's feature, weekday deals by meal, a printable coupon and crab season. */
export function specialsPage(locale: PageLocale): DemoPage {
  const t = (en: string, fr: string) => tx(locale, en, fr);
  return {
    pageType: 'ExamplePage',
    title: t('Specials', 'Promotions'),
    slug: 'specials',
    search_description: t(
      'This season’s lobster, weekday lunch deals, crab season and a coupon.',
      'Le homard de la saison, les menus du midi, la saison du crabe et un coupon.',
    ),
    content: {
      body: [
        block('two_column_hero', {
          title: t('Lobster Season Is Here', 'La saison du homard est arrivée'),
          copy: t(
            '<p>Whole Maine lobster, steamed or wood-grilled, from ' +
              price(locale, 29.99) +
              ' for a limited time.</p>',
            '<p>Homard entier du Maine, à la vapeur ou grillé au bois, à partir de ' +
              price(locale, 29.99) +
              ' pour un temps limité.</p>',
          ),
          image: image(
            'lobster-roll',
            t('A lobster roll with lemon and fries', 'Une guédille au homard avec du citron et des frites'),
          ),
          background_style: 'lighthouse',
          cta: link(`${locale.prefix}/menu/#mains`, t('See the Mains', 'Voir les plats principaux')),
        }),
        block('tabbed_features', {
          heading: t('Something for Everyone', 'Pour tous les goûts'),
          tabs: [
            {
              label: t('Lunch', 'Midi'),
              heading: t('Weekday Lunch', 'Le midi en semaine'),
              copy: t(
                `<p>Lunch plates from ${price(locale, 11.99)}, Monday to Friday until 3 pm.</p>`,
                `<p>Assiettes du midi à partir de ${price(locale, 11.99)}, du lundi au vendredi jusqu’à 15 h.</p>`,
              ),
              image: image(
                'shrimp',
                t('Shrimp linguine in a white bowl', 'Des linguine aux crevettes dans un bol blanc'),
              ),
            },
            {
              label: t('Dinner', 'Souper'),
              heading: t('Dinner Favourites', 'Les favoris du souper'),
              copy: t(
                '<p>Crab, lobster and the catch of the day, every night.</p>',
                '<p>Crabe, homard et pêche du jour, tous les soirs.</p>',
              ),
              image: image(
                'crab-legs',
                t('Snow crab legs with a cup of melted butter', 'Des pattes de crabe des neiges avec du beurre fondu'),
              ),
            },
            {
              label: t('Kids', 'Enfants'),
              heading: t('For Little Sailors', 'Pour les petits matelots'),
              copy: t(
                '<p>Kids eat free on Tuesdays with every adult entrée.</p>',
                '<p>Les enfants mangent gratuitement le mardi avec chaque plat principal adulte.</p>',
              ),
            },
          ],
        }),
        heading(t('Print and Save', 'Imprimez et économisez')),
        block('coupon', {
          coupon_image: image(
            locale.lang === 'fr' ? 'coupon-fr' : 'coupon',
            t(
              'Coupon: one free appetizer with any entrée, valid until December 31, 2027',
              'Coupon : une entrée gratuite à l’achat d’un plat principal, valide jusqu’au 31 décembre 2027',
            ),
          ),
          expires_on: '2027-12-31',
        }),
        block('full_width_media_cta', {
          media: {
            kind: 'image',
            image: image(
              'crab-legs',
              t('Snow crab legs piled on crushed ice', 'Des pattes de crabe des neiges sur de la glace pilée'),
            ),
          },
          heading: t('Crab Season Is Here', 'La saison du crabe est arrivée'),
          copy: t(
            '<p>Snow crab by the pound, steamed to order, every weekend this month.</p>',
            '<p>Du crabe des neiges à la livre, cuit à la vapeur à la commande, chaque fin de semaine ce mois-ci.</p>',
          ),
          link: link(`${locale.prefix}/menu/`, t('See the Menu', 'Voir le menu')),
          fineprint: t(
            '<p>At participating restaurants. Prices and participation may vary.</p>',
            '<p>Dans les restaurants participants. Les prix et la participation peuvent varier.</p>',
          ),
          background_style: 'lobster',
        }),
      ],
      confirmation_content: [],
    },
  };
}

/** Catering: what we bring, trays with prices, and the usual questions. */
export function cateringPage(locale: PageLocale): DemoPage {
  const t = (en: string, fr: string) => tx(locale, en, fr);
  return {
    pageType: 'ExamplePage',
    title: t('Catering', 'Traiteur'),
    slug: 'catering',
    search_description: t(
      'Seafood trays, rolls by the dozen and boxed lunches for groups of 10 to 200.',
      'Plateaux de fruits de mer, petits pains à la douzaine et boîtes-repas pour 10 à 200 personnes.',
    ),
    content: {
      body: [
        block('two_column_feature', {
          heading: t('Feed the Whole Crew', 'Nourrissez toute l’équipe'),
          copy: t(
            '<p>From office lunches to family reunions, we cook, pack and label everything. Order 24 hours ahead from any restaurant.</p>',
            '<p>Des dîners de bureau aux réunions de famille, nous cuisinons, emballons et étiquetons tout. Commandez 24 heures à l’avance dans n’importe quel restaurant.</p>',
          ),
          image: image(
            'catering',
            t(
              'Catering trays of shrimp, salmon and rolls on a buffet table',
              'Des plateaux de crevettes, de saumon et de petits pains sur une table de buffet',
            ),
          ),
          image_position: 'right',
          links: [link(`${locale.prefix}/locations/`, t('Find Your Restaurant', 'Trouver votre restaurant'))],
        }),
        block('table', {
          container: 'twoThirds',
          caption: t('Catering trays (each serves 10)', 'Plateaux traiteur (10 personnes chacun)'),
          first_row_is_header: true,
          rows: [
            [t('Tray', 'Plateau'), t('Price', 'Prix')],
            [t('Wood-grilled salmon', 'Saumon grillé au bois'), price(locale, 129)],
            [t('Shrimp scampi with linguine', 'Crevettes scampi et linguine'), price(locale, 109)],
            [t('Fish taco bar', 'Bar à tacos au poisson'), price(locale, 99)],
            [t('Sea-salt rolls (4 dozen)', 'Petits pains au sel de mer (4 douzaines)'), price(locale, 29)],
          ],
        }),
        block('faqs', {
          heading: t('Catering Questions', 'Questions sur le service traiteur'),
          layout: 'one_column',
          faqs: [
            {
              question: t('How far ahead should I order?', 'Combien de temps à l’avance dois-je commander?'),
              answer: t(
                '<p>24 hours for up to 50 guests, three days for larger groups.</p>',
                '<p>24 heures jusqu’à 50 invités, trois jours pour les groupes plus nombreux.</p>',
              ),
            },
            {
              question: t('Do you deliver?', 'Faites-vous la livraison?'),
              answer: t(
                '<p>Most restaurants deliver within 10 miles for orders over $150.</p>',
                '<p>La plupart des restaurants livrent dans un rayon de 15 km pour les commandes de plus de 150 $.</p>',
              ),
            },
            {
              question: t('Can you cater for allergies?', 'Tenez-vous compte des allergies?'),
              answer: t(
                '<p>Yes: tell us when you order and we label every tray.</p>',
                '<p>Oui : dites-le-nous à la commande et nous étiquetons chaque plateau.</p>',
              ),
            },
          ],
        }),
      ],
      confirmation_content: [],
    },
  };
}

/** Gift cards: the feature block, then answers about balances and where they work. */
export function giftCardsPage(locale: PageLocale): DemoPage {
  const t = (en: string, fr: string) => tx(locale, en, fr);
  return {
    pageType: 'ExamplePage',
    title: t('Gift Cards', 'Cartes-cadeaux'),
    slug: 'gift-cards',
    search_description: t(
      'Harborline gift cards never expire and work at every restaurant.',
      'Les cartes-cadeaux Harborline n’expirent jamais et sont acceptées dans tous nos restaurants.',
    ),
    content: {
      body: [
        block('gift_cards_feature', {
          heading: t('Give the Gift of Seafood', 'Offrez des fruits de mer'),
          copy: t(
            '<p>Gift cards from $10 to $500, sold at every restaurant. They never expire and carry no fees.</p>',
            '<p>Des cartes-cadeaux de 10 $ à 500 $, vendues dans tous nos restaurants. Elles n’expirent jamais et sont sans frais.</p>',
          ),
          image: image(
            'rolls',
            t(
              'A gift card tucked into a basket of sea-salt rolls',
              'Une carte-cadeau glissée dans un panier de petits pains au sel de mer',
            ),
          ),
          links: [
            link(`${locale.prefix}/locations/`, t('Buy at a Restaurant', 'Acheter au restaurant')),
            link(
              `${locale.prefix}/faq/#gift-cards`,
              t('Gift Card Questions', 'Questions sur les cartes-cadeaux'),
              'secondary',
            ),
          ],
        }),
        richText(
          t(
            '<p>To check a balance, ask at any restaurant or call the number on the back of your card. Lost cards can be replaced with the receipt.</p>',
            '<p>Pour connaître votre solde, demandez-le dans n’importe quel restaurant ou appelez le numéro au dos de votre carte. Une carte perdue peut être remplacée sur présentation du reçu.</p>',
          ),
        ),
      ],
      confirmation_content: [],
    },
  };
}
