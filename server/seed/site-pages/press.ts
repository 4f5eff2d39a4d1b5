import type { DemoPage } from '../demo-pages';
import type { PressFiles } from '../press-files';
import { image, tx, type PageLocale } from './common';
import type { DemoImageKey } from '../../../views/blocks/demo-images';

type Release = {
  slug: string;
  date: string;
  en: string;
  fr: string;
  image: DemoImageKey;
  copyEn: string;
  copyFr: string;
};

/** 26 releases, so the list page has three pages. The first two are the article grid's demo links. */
const RELEASES: Release[] = [
  {
    slug: 'lobster-rolls',
    date: '2026-03-07',
    en: 'Lobster Rolls Return for Summer',
    fr: 'Le retour des guédilles au homard pour l’été',
    image: 'lobster-roll',
    copyEn: 'Our Maine-style lobster roll is back on every menu from Memorial Day.',
    copyFr: 'Notre guédille au homard à la mode du Maine revient sur tous les menus.',
  },
  {
    slug: 'crab-season',
    date: '2026-10-21',
    en: 'Crab Season Comes to Every Harborline',
    fr: 'La saison du crabe arrive dans tous les Harborline',
    image: 'crab-legs',
    copyEn: 'Snow crab, king crab and Dungeness crab, for six weeks only.',
    copyFr: 'Crabe des neiges, crabe royal et crabe dormeur, pendant six semaines seulement.',
  },
  ...[
    [
      'new-halifax-restaurant',
      '2026-09-30',
      'Harborline Opens Its Second Halifax Restaurant',
      'Harborline ouvre son deuxième restaurant à Halifax',
      'dining-room',
    ],
    [
      'sustainable-sourcing-report',
      '2026-09-12',
      'Our 2026 Sustainable Sourcing Report',
      'Notre rapport 2026 sur l’approvisionnement durable',
      'coast',
    ],
    [
      'chowder-cook-off',
      '2026-08-28',
      'Harborline Chefs Win the National Chowder Cook-Off',
      'Les chefs Harborline remportent le concours national de chaudrée',
      'chowder',
    ],
    [
      'sea-salt-rolls',
      '2026-08-09',
      'Free Sea-Salt Rolls at Every Harborline on Our Birthday',
      'Petits pains au sel de mer gratuits dans tous les Harborline pour notre anniversaire',
      'rolls',
    ],
    [
      'fish-taco-tuesday',
      '2026-07-22',
      'Fish Taco Tuesdays Go Nationwide',
      'Les mardis tacos au poisson partout au pays',
      'fish-tacos',
    ],
    [
      'catering-launch',
      '2026-07-03',
      'Harborline Catering Now Delivers to Offices',
      'Le service traiteur Harborline livre maintenant aux bureaux',
      'catering',
    ],
    [
      'summer-hiring',
      '2026-06-15',
      'Harborline Is Hiring 5,000 Crew Members This Summer',
      'Harborline embauche 5 000 équipiers cet été',
      'crew',
    ],
    [
      'key-lime-pie',
      '2026-05-30',
      'Key Lime Pie Joins the Dessert Menu',
      'La tarte à la lime rejoint le menu des desserts',
      'key-lime-pie',
    ],
    [
      'shrimp-linguine',
      '2026-05-11',
      'New Shrimp Linguine Made With Local Herbs',
      'Nouvelles linguines aux crevettes et aux herbes locales',
      'shrimp',
    ],
    ['salmon-week', '2026-04-24', 'Wild Salmon Week Returns', 'La semaine du saumon sauvage est de retour', 'salmon'],
    [
      'gift-card-bonus',
      '2026-04-02',
      'Spring Gift Card Bonus: Buy $50, Get $10',
      'Bonus printanier sur les cartes-cadeaux : 10 $ offerts pour 50 $ achetés',
      'coupon',
    ],
    [
      'dockside-partners',
      '2026-02-18',
      'Harborline Partners With Ten New Fishing Families',
      'Harborline s’associe à dix nouvelles familles de pêcheurs',
      'dock-hero',
    ],
    [
      'valentines-menu',
      '2026-02-02',
      'A Valentine’s Menu for Two',
      'Un menu de la Saint-Valentin pour deux',
      'dining-room',
    ],
    [
      'winter-chowder',
      '2026-01-16',
      'Winter Chowder Season Starts Today',
      'La saison des chaudrées d’hiver commence aujourd’hui',
      'chowder',
    ],
    [
      'holiday-hours',
      '2025-12-10',
      'Holiday Hours at Harborline Restaurants',
      'Heures des Fêtes dans les restaurants Harborline',
      'dining-room',
    ],
    [
      'thanksgiving-trays',
      '2025-11-14',
      'Thanksgiving Seafood Trays to Go',
      'Plateaux de fruits de mer à emporter pour l’Action de grâce',
      'catering',
    ],
    [
      'oyster-festival',
      '2025-10-20',
      'Harborline Hosts Its First Oyster Festival',
      'Harborline organise son premier festival des huîtres',
      'coast',
    ],
    [
      'back-to-school',
      '2025-09-02',
      'Kids Eat Free on School Nights',
      'Les enfants mangent gratuitement les soirs d’école',
      'fish-tacos',
    ],
    [
      'fiftieth-anniversary',
      '2025-08-15',
      'Fifty Years of Harborline Seafood',
      'Cinquante ans de Harborline Fruits de mer',
      'dock-hero',
    ],
    [
      'cooking-school',
      '2025-07-21',
      'Harborline Opens a Cooking School for Young Chefs',
      'Harborline ouvre une école de cuisine pour jeunes chefs',
      'crew',
    ],
    [
      'ocean-cleanup',
      '2025-06-08',
      'Crews Clean Up 40 Beaches on World Oceans Day',
      'Nos équipes nettoient 40 plages pour la Journée mondiale des océans',
      'coast',
    ],
    [
      'mobile-ordering',
      '2025-05-12',
      'Order Ahead From Your Phone',
      'Commandez à l’avance depuis votre téléphone',
      'lobster-roll',
    ],
    ['lent-specials', '2025-03-05', 'Lenten Specials From $12.99', 'Spéciaux du Carême à partir de 12,99 $', 'salmon'],
    ['rewards-launch', '2025-01-20', 'Introducing Harborline Rewards', 'Voici les récompenses Harborline', 'rolls'],
  ].map(([slug, date, en, fr, img]) => ({
    slug: slug!,
    date: date!,
    en: en!,
    fr: fr!,
    image: img as DemoImageKey,
    copyEn: 'Harborline Seafood shares the news with guests and the press.',
    copyFr: 'Harborline Fruits de mer partage la nouvelle avec ses clients et la presse.',
  })),
];

export const DEMO_RELEASE_COUNT = RELEASES.length;

/**
 * The press section at /press/: its releases (children, so /press/{slug}/ is each release), the
 * list page at /press/releases/ and the media downloads (when the seed stored the files).
 */
export function pressPage(locale: PageLocale, files?: PressFiles): DemoPage {
  const t = (en: string, fr: string) => tx(locale, en, fr);
  const tiles = files
    ? [
        { title: t('Press Kit', 'Trousse de presse'), document_id: files.pressKit },
        { title: t('Logos', 'Logos'), document_id: files.logos },
        {
          title: t('Dining Room Photograph', 'Photographie de la salle à manger'),
          document_id: files.photo,
          image: image('dining-room', ''),
        },
      ]
    : [];
  return {
    pageType: 'PressSectionPage',
    title: t('Press', 'Presse'),
    slug: 'press',
    search_description: t(
      'News from Harborline Seafood, press contacts and media downloads.',
      'Les nouvelles de Harborline Fruits de mer, les contacts médias et les téléchargements.',
    ),
    content: {
      contact_info: t(
        '<p>Harborline Communications<br>press@harborline.example<br>(207) 555-0142</p>',
        '<p>Communications Harborline<br>presse@harborline.example<br>1 800 555-0142</p>',
      ),
      media_download_tiles: tiles,
    },
    children: [
      {
        pageType: 'PressReleaseListPage',
        title: t('Press Releases', 'Communiqués de presse'),
        slug: 'releases',
        content: {},
      },
      ...RELEASES.map((release) => ({
        pageType: 'PressReleasePage',
        title: t(release.en, release.fr),
        slug: release.slug,
        search_description: t(release.en, release.fr),
        content: {
          date: release.date,
          copy: { html: `<p>${t(release.copyEn, release.copyFr)}</p>` },
          feature_image: image(release.image, ''),
        },
      })),
    ],
  };
}
