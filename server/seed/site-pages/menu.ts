import type { DemoPage } from '../demo-pages';
import { block, image, link, price, richText, tx, type PageLocale } from './common';

type Dish = { en: string; fr: string; enNote: string; frNote: string; usd: number };

const STARTERS: Dish[] = [
  {
    en: 'New England Clam Chowder',
    fr: 'Chaudrée de palourdes',
    enNote: 'Cream, potatoes, smoked bacon',
    frNote: 'Crème, pommes de terre, bacon fumé',
    usd: 7.49,
  },
  {
    en: 'Crispy Calamari',
    fr: 'Calmars croustillants',
    enNote: 'Sweet chili and lemon aioli',
    frNote: 'Sauce chili douce et aïoli au citron',
    usd: 12.99,
  },
  {
    en: 'Shrimp Cocktail',
    fr: 'Cocktail de crevettes',
    enNote: 'Six jumbo shrimp, horseradish cocktail sauce',
    frNote: 'Six grosses crevettes, sauce cocktail au raifort',
    usd: 13.49,
  },
  {
    en: 'Cheddar Biscuits (6)',
    fr: 'Biscuits au cheddar (6)',
    enNote: 'Baked every hour, garlic butter',
    frNote: 'Cuits toutes les heures, beurre à l’ail',
    usd: 4.99,
  },
];

const MAINS: Dish[] = [
  {
    en: 'Wood-Grilled Salmon',
    fr: 'Saumon grillé au bois',
    enNote: 'Maple glaze, rice pilaf, green beans',
    frNote: 'Glace à l’érable, riz pilaf, haricots verts',
    usd: 24.99,
  },
  {
    en: 'Maine Lobster Roll',
    fr: 'Guédille au homard du Maine',
    enNote: 'Chilled lobster, toasted roll, fries',
    frNote: 'Homard froid, pain grillé, frites',
    usd: 27.99,
  },
  {
    en: 'Snow Crab Legs (1 lb)',
    fr: 'Pattes de crabe des neiges (450 g)',
    enNote: 'Steamed, drawn butter, two sides',
    frNote: 'À la vapeur, beurre fondu, deux accompagnements',
    usd: 34.99,
  },
  {
    en: 'Shrimp Linguine',
    fr: 'Linguine aux crevettes',
    enNote: 'Garlic, white wine, parmesan',
    frNote: 'Ail, vin blanc, parmesan',
    usd: 19.49,
  },
  {
    en: 'Baja Fish Tacos',
    fr: 'Tacos au poisson façon Baja',
    enNote: 'Beer-battered cod, slaw, lime crema',
    frNote: 'Morue en pâte à la bière, salade de chou, crème à la lime',
    usd: 16.99,
  },
];

const SIDES: Dish[] = [
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

const DESSERTS: Dish[] = [
  {
    en: 'Key Lime Pie',
    fr: 'Tarte à la lime',
    enNote: 'Graham crust, whipped cream',
    frNote: 'Croûte graham, crème fouettée',
    usd: 7.99,
  },
  {
    en: 'Chocolate Wave Cake',
    fr: 'Gâteau vague au chocolat',
    enNote: 'Warm, with vanilla ice cream',
    frNote: 'Tiède, avec crème glacée à la vanille',
    usd: 8.49,
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

/** The full menu: a sticky section menu, a table per course and pictures of the favourites. */
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
            'Wood-grilled fish, shellfish by the pound, and biscuits from the oven every hour.',
            'Poissons grillés au bois, fruits de mer à la livre et biscuits sortis du four toutes les heures.',
          ),
          background_style: 'lighthouse',
          link: link(`${locale.prefix}/locations/`, t('Find a Restaurant', 'Trouver un restaurant')),
        }),
        block('content_grid', {
          heading: t('Guest Favourites', 'Les favoris de nos clients'),
          items: [
            {
              image: image(
                'salmon',
                t(
                  'A maple-glazed salmon fillet on a plate with green beans',
                  'Un filet de saumon glacé à l’érable avec des haricots verts',
                ),
              ),
              content: t(
                '<h3>Wood-Grilled Salmon</h3><p>Brushed with maple glaze over an oak fire.</p>',
                '<h3>Saumon grillé au bois</h3><p>Badigeonné de glace à l’érable sur un feu de chêne.</p>',
              ),
            },
            {
              image: image(
                'lobster-roll',
                t(
                  'A lobster roll in a toasted bun with a lemon wedge',
                  'Une guédille au homard dans un pain grillé avec un quartier de citron',
                ),
              ),
              content: t(
                '<h3>Maine Lobster Roll</h3><p>Chilled lobster, a little mayonnaise, a toasted roll.</p>',
                '<h3>Guédille au homard</h3><p>Homard froid, un peu de mayonnaise, un pain grillé.</p>',
              ),
            },
            {
              image: image(
                'chowder',
                t(
                  'A bowl of creamy clam chowder with oyster crackers',
                  'Un bol de chaudrée de palourdes crémeuse avec des craquelins',
                ),
              ),
              content: t(
                '<h3>Clam Chowder</h3><p>Our recipe since 1974.</p>',
                '<h3>Chaudrée de palourdes</h3><p>Notre recette depuis 1974.</p>',
              ),
            },
          ],
        }),
        section(t('Starters', 'Entrées'), 'starters'),
        dishTable(locale, t('Starters', 'Entrées'), STARTERS),
        section(t('Mains', 'Plats principaux'), 'mains'),
        dishTable(locale, t('Mains, served with a side', 'Plats principaux, servis avec un accompagnement'), MAINS),
        section(t('Sides', 'Accompagnements'), 'sides'),
        dishTable(locale, t('Sides', 'Accompagnements'), SIDES),
        section(t('Desserts', 'Desserts'), 'desserts'),
        dishTable(locale, t('Desserts', 'Desserts'), DESSERTS),
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
