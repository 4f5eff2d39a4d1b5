import type { DemoPage } from '../demo-pages';
import type { DemoImageKey } from '../../../views/blocks/demo-images';
import { block, image, link, price, richText, tx, type PageLocale } from './common';

/** A dish of the menu; those with a picture (`image` and its alt text in both languages) show it. */
type Dish = {
  en: string;
  fr: string;
  enNote: string;
  frNote: string;
  usd: number;
  image?: { key: DemoImageKey; en: string; fr: string };
};
type PicturedDish = Dish & Required<Pick<Dish, 'image'>>;

const STARTERS: PicturedDish[] = [
  {
    en: 'New England Clam Chowder',
    fr: 'Chaudrée de palourdes',
    enNote: 'Cream, potatoes, smoked bacon',
    frNote: 'Crème, pommes de terre, bacon fumé',
    usd: 7.49,
    image: {
      key: 'chowder',
      en: 'A bowl of clam chowder with oyster crackers',
      fr: 'Un bol de chaudrée de palourdes avec des craquelins',
    },
  },
  {
    en: 'Crispy Calamari',
    fr: 'Calmars croustillants',
    enNote: 'Sweet chili and lemon aioli',
    frNote: 'Sauce chili douce et aïoli au citron',
    usd: 12.99,
    image: {
      key: 'calamari',
      en: 'Golden fried calamari rings with a cup of chili sauce and lemon',
      fr: 'Des anneaux de calmars frits et dorés avec un pot de sauce chili et du citron',
    },
  },
  {
    en: 'Shrimp Cocktail',
    fr: 'Cocktail de crevettes',
    enNote: 'Six jumbo shrimp, horseradish cocktail sauce',
    frNote: 'Six grosses crevettes, sauce cocktail au raifort',
    usd: 13.49,
    image: {
      key: 'shrimp-cocktail',
      en: 'Chilled shrimp around a cup of cocktail sauce on lettuce',
      fr: 'Des crevettes froides autour d’un pot de sauce cocktail sur de la laitue',
    },
  },
];

const MAINS: PicturedDish[] = [
  {
    en: 'Wood-Grilled Salmon',
    fr: 'Saumon grillé au bois',
    enNote: 'Maple glaze, rice pilaf, green beans',
    frNote: 'Glace à l’érable, riz pilaf, haricots verts',
    usd: 24.99,
    image: {
      key: 'salmon',
      en: 'A grilled salmon fillet with green beans and lemon on a white plate',
      fr: 'Un filet de saumon grillé avec des haricots verts et du citron dans une assiette blanche',
    },
  },
  {
    en: 'Maine Lobster Roll',
    fr: 'Guédille au homard du Maine',
    enNote: 'Chilled lobster, toasted roll, fries',
    frNote: 'Homard froid, pain grillé, frites',
    usd: 27.99,
    image: {
      key: 'lobster-roll',
      en: 'A lobster roll on a toasted bun with fries and lemon',
      fr: 'Une guédille au homard dans un pain grillé avec des frites et du citron',
    },
  },
  {
    en: 'Steamed Whole Lobster',
    fr: 'Homard entier à la vapeur',
    enNote: 'About 1¼ lb, drawn butter, lemon, two sides',
    frNote: 'Environ 570 g, beurre fondu, citron, deux accompagnements',
    usd: 29.99,
    image: {
      key: 'whole-lobster',
      en: 'A whole steamed lobster on a plate with melted butter and lemon',
      fr: 'Un homard entier à la vapeur dans une assiette avec du beurre fondu et du citron',
    },
  },
  {
    en: 'Snow Crab Legs (1 lb)',
    fr: 'Pattes de crabe des neiges (450 g)',
    enNote: 'Steamed, drawn butter, two sides',
    frNote: 'À la vapeur, beurre fondu, deux accompagnements',
    usd: 34.99,
    image: {
      key: 'crab-legs',
      en: 'Snow crab legs on a plate with a cup of melted butter',
      fr: 'Des pattes de crabe des neiges dans une assiette avec un petit pot de beurre fondu',
    },
  },
  {
    en: 'Shrimp Linguine',
    fr: 'Linguine aux crevettes',
    enNote: 'Garlic, white wine, parmesan',
    frNote: 'Ail, vin blanc, parmesan',
    usd: 19.49,
    image: {
      key: 'shrimp',
      en: 'Shrimp on a plate of linguine with herbs',
      fr: 'Des crevettes sur des linguine aux fines herbes',
    },
  },
  {
    en: 'Baja Fish Tacos',
    fr: 'Tacos au poisson façon Baja',
    enNote: 'Beer-battered cod, slaw, lime crema',
    frNote: 'Morue en pâte à la bière, salade de chou, crème à la lime',
    usd: 16.99,
    image: {
      key: 'fish-tacos',
      en: 'Two fish tacos with slaw and lime on a plate',
      fr: 'Deux tacos au poisson avec salade de chou et lime dans une assiette',
    },
  },
];

const SIDES: Dish[] = [
  {
    en: 'Sea-Salt Rolls (6)',
    fr: 'Petits pains au sel de mer (6)',
    enNote: 'Baked every hour, garlic butter',
    frNote: 'Cuits toutes les heures, beurre à l’ail',
    usd: 4.99,
  },
  {
    en: 'Seasoned Fries',
    fr: 'Frites assaisonnées',
    enNote: 'Sea salt and old bay',
    frNote: 'Sel de mer et épices',
    usd: 3.99,
  },
  {
    en: 'Garlic Green Beans',
    fr: 'Haricots verts à l’ail',
    enNote: 'Sautéed to order',
    frNote: 'Sautés à la commande',
    usd: 3.99,
  },
  {
    en: 'Coleslaw',
    fr: 'Salade de chou',
    enNote: 'Made in house daily',
    frNote: 'Préparée sur place chaque jour',
    usd: 2.99,
  },
];

const DESSERTS: PicturedDish[] = [
  {
    en: 'Key Lime Pie',
    fr: 'Tarte à la lime',
    enNote: 'Graham crust, whipped cream',
    frNote: 'Croûte graham, crème fouettée',
    usd: 7.99,
    image: {
      key: 'key-lime-pie',
      en: 'A slice of key lime pie with whipped cream and a lime',
      fr: 'Une pointe de tarte à la lime avec de la crème fouettée et une lime',
    },
  },
  {
    en: 'Chocolate Lava Cake',
    fr: 'Gâteau fondant au chocolat',
    enNote: 'Warm, with vanilla ice cream',
    frNote: 'Tiède, avec crème glacée à la vanille',
    usd: 8.49,
    image: {
      key: 'chocolate-cake',
      en: 'A warm chocolate cake with vanilla ice cream and raspberries',
      fr: 'Un gâteau au chocolat tiède avec de la crème glacée à la vanille et des framboises',
    },
  },
];

function dishTable(locale: PageLocale, caption: string, dishes: Dish[]) {
  return block('table', {
    container: 'full',
    caption,
    first_row_is_header: true,
    rows: [
      [tx(locale, 'Dish', 'Plat'), tx(locale, 'What’s in it', 'Ce qu’il contient'), tx(locale, 'Price', 'Prix')],
      ...dishes.map((dish) => [
        tx(locale, dish.en, dish.fr),
        tx(locale, dish.enNote, dish.frNote),
        price(locale, dish.usd),
      ]),
    ],
  });
}

/** A course as a chain's menu shows it: a card per dish with its picture, what is in it and its price. */
function dishCards(locale: PageLocale, dishes: PicturedDish[]) {
  return block('content_grid', {
    heading: '',
    items: dishes.map((dish) => {
      const picture = dish.image;
      return {
        image: image(picture.key, tx(locale, picture.en, picture.fr)),
        content: `<h3>${tx(locale, dish.en, dish.fr)}</h3><p>${tx(locale, dish.enNote, dish.frNote)}</p><p><strong>${price(locale, dish.usd)}</strong></p>`,
      };
    }),
  });
}

/** The full menu: a sticky section menu, then each course's dishes with pictures and prices (sides as a list). */
export function menuPage(locale: PageLocale): DemoPage {
  const t = (en: string, fr: string) => tx(locale, en, fr);
  const section = (name: string, slug: string) => block('scroll_nav_menu_item', { name, slug });
  return {
    pageType: 'ExamplePage',
    title: t('Full Menu', 'Menu complet'),
    slug: 'menu',
    seo_title: t('Menu | Harborline Seafood', 'Menu | Harborline Fruits de mer'),
    search_description: t(
      'Starters, wood-grilled fish, crab, lobster, sides and desserts, with prices.',
      'Entrées, poissons grillés au bois, crabe, homard, accompagnements et desserts, avec les prix.',
    ),
    content: {
      body: [
        block('hero', {
          heading: t('Our Menu', 'Notre menu'),
          subheading: t(
            'Wood-grilled fish, shellfish by the pound, and sea-salt rolls from the oven every hour.',
            'Poissons grillés au bois, fruits de mer à la livre et petits pains sortis du four toutes les heures.',
          ),
          background_style: 'lighthouse',
          link: link(`${locale.prefix}/locations/`, t('Find a Restaurant', 'Trouver un restaurant')),
        }),
        section(t('Starters', 'Entrées'), 'starters'),
        dishCards(locale, STARTERS),
        section(t('Mains', 'Plats principaux'), 'mains'),
        dishCards(locale, MAINS),
        section(t('Sides', 'Accompagnements'), 'sides'),
        dishTable(locale, t('Sides, with any main or on their own', 'Accompagnements, avec un plat ou seuls'), SIDES),
        section(t('Desserts', 'Desserts'), 'desserts'),
        dishCards(locale, DESSERTS),
        richText(
          t(
            `<p>Prices and participation may vary by restaurant. Ask your server about allergens, or read our <a href="${locale.prefix}/faq/">frequently asked questions</a>.</p>`,
            `<p>Les prix et la participation peuvent varier selon le restaurant. Renseignez-vous sur les allergènes auprès de votre serveur ou consultez notre <a href="${locale.prefix}/faq/">foire aux questions</a>.</p>`,
          ),
        ),
      ],
      confirmation_content: [],
    },
  };
}
