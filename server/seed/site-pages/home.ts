import { block, heading, image, link, price, tx, type PageLocale } from './common';

/** The home page's words that differ by site: the US chain or the Canadian one. */
const HERO = {
  US: {
    en: {
      title: 'Seafood Worth the Trip',
      copy: 'Wood-grilled fish, hand-picked crab and whole lobster, served by people who love the sea.',
    },
  },
  CA: {
    en: {
      title: 'Fresh Seafood, Coast to Coast',
      copy: 'From Halifax to Vancouver, the catch of the day is on the table, wood-grilled and served with care.',
    },
    fr: {
      title: 'Des fruits de mer frais, d’un océan à l’autre',
      copy: 'De Halifax à Vancouver, la pêche du jour est dans votre assiette, grillée au bois et servie avec soin.',
    },
  },
} as const;

type Dish = {
  key: Parameters<typeof image>[0];
  name: [string, string];
  note: [string, string];
  alt: [string, string];
  usd: number;
};

/** The menu favourites the home page shows with their picture and price (the full menu has more). */
const FAVOURITES: Dish[] = [
  {
    key: 'salmon',
    name: ['Wood-Grilled Salmon', 'Saumon grillé au bois'],
    note: ['Maple glaze, rice pilaf, green beans', 'Glace à l’érable, riz pilaf, haricots verts'],
    alt: [
      'A grilled salmon fillet with green beans and lemon on a white plate',
      'Un filet de saumon grillé avec des haricots verts et du citron dans une assiette blanche',
    ],
    usd: 24.99,
  },
  {
    key: 'lobster-roll',
    name: ['Maine Lobster Roll', 'Guédille au homard du Maine'],
    note: ['Chilled lobster, toasted roll, fries', 'Homard froid, pain grillé, frites'],
    alt: [
      'A lobster roll on a toasted bun with fries and lemon',
      'Une guédille au homard dans un pain grillé avec des frites et du citron',
    ],
    usd: 27.99,
  },
  {
    key: 'crab-legs',
    name: ['Snow Crab Legs', 'Pattes de crabe des neiges'],
    note: ['A full pound, steamed, with drawn butter', 'Une livre entière, à la vapeur, avec beurre fondu'],
    alt: [
      'Snow crab legs on a plate with a cup of melted butter',
      'Des pattes de crabe des neiges dans une assiette avec un petit pot de beurre fondu',
    ],
    usd: 34.99,
  },
  {
    key: 'shrimp',
    name: ['Shrimp Linguine', 'Linguine aux crevettes'],
    note: ['Garlic, white wine, parmesan', 'Ail, vin blanc, parmesan'],
    alt: ['Shrimp on a plate of linguine with herbs', 'Des crevettes sur des linguine aux fines herbes'],
    usd: 19.49,
  },
  {
    key: 'fish-tacos',
    name: ['Baja Fish Tacos', 'Tacos au poisson façon Baja'],
    note: ['Beer-battered cod, slaw, lime crema', 'Morue en pâte à la bière, salade de chou, crème à la lime'],
    alt: ['Two fish tacos with slaw and lime on a plate', 'Deux tacos au poisson avec salade de chou et lime'],
    usd: 16.99,
  },
  {
    key: 'chowder',
    name: ['New England Clam Chowder', 'Chaudrée de palourdes'],
    note: ['Cream, potatoes, smoked bacon', 'Crème, pommes de terre, bacon fumé'],
    alt: ['A bowl of clam chowder with oyster crackers', 'Un bol de chaudrée de palourdes avec des craquelins'],
    usd: 7.49,
  },
];

/**
 * The body of a home page, as a chain's home page is laid out: a big dish picture with the
 * season's line, current offers, menu favourites with prices, finding a restaurant, the e-mail
 * club, gift cards and catering. Written once for the three homes (US, Canada English and French).
 */
export function homeBody(locale: PageLocale) {
  const t = (en: string, fr: string) => tx(locale, en, fr);
  const pair = ([en, fr]: [string, string]) => t(en, fr);
  const p = locale.prefix;
  const hero = locale.country === 'US' ? HERO.US.en : HERO.CA[locale.lang];
  const more = (url: string, label: string) => `<p><a href="${url}">${label}</a></p>`;
  return [
    block('two_column_hero', {
      title: hero.title,
      copy: `<p>${hero.copy}</p>`,
      image: image(
        'platter',
        t(
          'A seafood platter with a whole lobster, snow crab legs, shrimp, lemons and melted butter',
          'Un plateau de fruits de mer avec un homard entier, des pattes de crabe des neiges, des crevettes, du citron et du beurre fondu',
        ),
      ),
      background_style: 'lighthouse',
      cta: link(`${p}/menu/`, t('See the Menu', 'Voir le menu')),
    }),
    heading(t('Current Offers', 'Offres du moment')),
    block('content_grid', {
      heading: '',
      items: [
        {
          image: image(
            'whole-lobster',
            t(
              'A whole steamed lobster on a plate with melted butter and lemon',
              'Un homard entier à la vapeur dans une assiette avec du beurre fondu et du citron',
            ),
          ),
          content:
            t(
              `<h3>Lobster Season</h3><p>A whole lobster, steamed or wood-grilled, from <strong>${price(locale, 29.99)}</strong> for a limited time.</p>`,
              `<h3>La saison du homard</h3><p>Un homard entier, à la vapeur ou grillé au bois, à partir de <strong>${price(locale, 29.99)}</strong> pour un temps limité.</p>`,
            ) + more(`${p}/specials/`, t('See the specials', 'Voir les promotions')),
        },
        {
          image: image(
            'shrimp-cocktail',
            t(
              'Chilled shrimp around a cup of cocktail sauce on lettuce',
              'Des crevettes froides autour d’un pot de sauce cocktail sur de la laitue',
            ),
          ),
          content:
            t(
              `<h3>Weekday Lunch</h3><p>Lunch plates from <strong>${price(locale, 11.99)}</strong>, Monday to Friday until 3 pm.</p>`,
              `<h3>Le midi en semaine</h3><p>Assiettes du midi à partir de <strong>${price(locale, 11.99)}</strong>, du lundi au vendredi jusqu’à 15 h.</p>`,
            ) + more(`${p}/specials/`, t('See lunch deals', 'Voir les menus du midi')),
        },
        {
          image: image(
            locale.lang === 'fr' ? 'coupon-fr' : 'coupon',
            t(
              'Coupon: one free appetizer with any entrée, valid until December 31, 2027',
              'Coupon : une entrée gratuite à l’achat d’un plat principal, valide jusqu’au 31 décembre 2027',
            ),
          ),
          content:
            t(
              '<h3>A Free Appetizer</h3><p>Print our coupon: one free appetizer with any entrée, through December 31, 2027.</p>',
              '<h3>Une entrée gratuite</h3><p>Imprimez notre coupon : une entrée gratuite à l’achat d’un plat principal, jusqu’au 31 décembre 2027.</p>',
            ) + more(`${p}/specials/`, t('Print the coupon', 'Imprimer le coupon')),
        },
      ],
    }),
    heading(t('Menu Favorites', 'Nos incontournables')),
    block('content_grid', {
      heading: '',
      items: FAVOURITES.map((dish) => ({
        image: image(dish.key, pair(dish.alt)),
        content: `<h3>${pair(dish.name)}</h3><p>${pair(dish.note)}</p><p><strong>${price(locale, dish.usd)}</strong></p>`,
      })),
    }),
    block('rich_text', {
      html: `<p><a href="${p}/menu/">${t('See the full menu', 'Voir le menu complet')}</a></p>`,
      alignment: 'centered',
      container: 'full',
    }),
    block('two_column_feature', {
      heading: t('Find a Harborline Near You', 'Trouvez un Harborline près de chez vous'),
      copy: t(
        '<p>Search by city, state or ZIP code with the restaurant finder at the top of every page, or browse every restaurant by state. Each restaurant page has its hours, directions, the wait list and online ordering.</p>',
        '<p>Cherchez par ville, province ou code postal avec l’outil de recherche en haut de chaque page, ou parcourez tous nos restaurants par province. Chaque page de restaurant donne ses heures, l’itinéraire, la liste d’attente et la commande en ligne.</p>',
      ),
      image: image(
        'dining-room',
        t(
          'A dining room with red booths, pendant lamps and windows onto the sea',
          'Une salle à manger avec des banquettes rouges, des suspensions et des fenêtres sur la mer',
        ),
      ),
      image_position: 'left',
      links: [
        link(`${p}/locations/`, t('Find a Restaurant', 'Trouver un restaurant')),
        link(`${p}/order/`, t('Order Online', 'Commander en ligne'), 'secondary'),
      ],
    }),
    block('fresh_catch_news_promo', {
      heading: t('Join Fresh Catch News', 'Abonnez-vous aux Nouvelles de la pêche'),
      copy: t(
        '<p>Sign up for our e-mails and get a <strong>free appetizer or dessert</strong> on your next visit, plus first word of every season’s catch.</p>',
        '<p>Inscrivez-vous à nos courriels et recevez une <strong>entrée ou un dessert gratuit</strong> à votre prochaine visite, et soyez les premiers informés de la pêche de chaque saison.</p>',
      ),
      link: link(`${p}/email-signup/`, t('Sign Up Now', 'Je m’inscris')),
      background_style: 'blue-chill',
    }),
    block('gift_cards_feature', {
      heading: t('Give the Gift of Seafood', 'Offrez des fruits de mer'),
      copy: t(
        '<p>Harborline gift cards never expire, carry no fees and work at every restaurant. Any amount from $10 to $500.</p>',
        '<p>Les cartes-cadeaux Harborline n’expirent jamais, sont sans frais et sont acceptées dans tous nos restaurants. Du montant de votre choix, de 10 $ à 500 $.</p>',
      ),
      image: image(
        'gift-card',
        t(
          'A Harborline gift card tied with a red ribbon on an envelope',
          'Une carte-cadeau Harborline nouée d’un ruban rouge sur une enveloppe',
        ),
      ),
      links: [
        link(`${p}/gift-cards/`, t('Buy Gift Cards', 'Acheter des cartes-cadeaux')),
        link(`${p}/faq/`, t('Gift Card Questions', 'Questions sur les cartes-cadeaux'), 'secondary'),
      ],
    }),
    block('two_column_feature', {
      heading: t('Catering for 10 to 200', 'Un service traiteur de 10 à 200 personnes'),
      copy: t(
        `<p>Seafood trays, rolls by the dozen and boxed lunches, cooked, packed and labelled by your local restaurant. Trays for ten from <strong>${price(locale, 99)}</strong>; order 24 hours ahead.</p>`,
        `<p>Plateaux de fruits de mer, petits pains à la douzaine et boîtes-repas, cuisinés, emballés et étiquetés par votre restaurant. Plateaux pour dix à partir de <strong>${price(locale, 99)}</strong>; commandez 24 heures à l’avance.</p>`,
      ),
      image: image(
        'catering',
        t(
          'Four catering trays of shrimp, rolls, salmon and salad',
          'Quatre plateaux traiteur de crevettes, de petits pains, de saumon et de salade',
        ),
      ),
      image_position: 'right',
      links: [link(`${p}/catering/`, t('Plan Your Catering', 'Planifier votre service traiteur'))],
    }),
  ];
}
