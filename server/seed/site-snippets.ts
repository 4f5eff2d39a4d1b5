import type { Db } from '../db';
import type { FooterContent, HeaderContent } from '../../shared/schemas/navigation';
import { saveSiteSnippets } from '../modules/navigation/service';
import { listSites } from '../modules/sites/repo';
import { loadSiteTree } from '../modules/pages/site-tree';

type Labels = typeof EN;

const EN = {
  menu: 'Menu',
  fullMenu: 'Full Menu',
  specials: 'Specials',
  catering: 'Catering',
  giftCards: 'Gift Cards',
  rewards: 'Rewards',
  about: 'About Us',
  ourStory: 'Our Story',
  careers: 'Careers',
  press: 'Press',
  help: 'Help',
  contact: 'Contact Us',
  faq: 'FAQs',
  locations: 'Locations',
  follow: 'Follow Us',
  legal:
    '© Harborline Seafood. All rights reserved.\nPrices and participation may vary. Menu items are subject to availability.',
};

const FR: Labels = {
  menu: 'Menu',
  fullMenu: 'Menu complet',
  specials: 'Promotions',
  catering: 'Traiteur',
  giftCards: 'Cartes-cadeaux',
  rewards: 'Récompenses',
  about: 'À propos',
  ourStory: 'Notre histoire',
  careers: 'Carrières',
  press: 'Presse',
  help: 'Aide',
  contact: 'Nous joindre',
  faq: 'FAQ',
  locations: 'Restaurants',
  follow: 'Suivez-nous',
  legal:
    '© Harborline Seafood. Tous droits réservés.\nLes prix et la participation peuvent varier. Les plats sont offerts selon la disponibilité.',
};

/** prefix is the language's path prefix ('' or '/fr'), so links stay in the visitor's language. */
export function demoHeader(l: Labels, prefix: string): HeaderContent {
  return {
    sections: [
      {
        role: 'primary',
        title: l.menu,
        links: [
          { display_name: l.fullMenu, url: `${prefix}/menu/` },
          { display_name: l.specials, url: `${prefix}/specials/` },
          { display_name: l.catering, url: `${prefix}/catering/` },
        ],
      },
      {
        role: 'primary',
        title: l.about,
        links: [
          { display_name: l.ourStory, url: `${prefix}/about/` },
          { display_name: l.careers, url: `${prefix}/careers/` },
          // No url yet: kept in the snippet, never shown (spec: a link shows only with a url).
          { display_name: l.press },
        ],
      },
      { role: 'secondary', title: l.help, links: [{ display_name: l.giftCards, url: `${prefix}/gift-cards/` }, { display_name: l.contact, url: `${prefix}/contact-us/` }] },
      {
        role: 'social-media-row',
        title: l.follow,
        links: [
          { display_name: 'Facebook', url: 'https://www.facebook.com/harborline.example' },
          { display_name: 'Instagram', url: 'https://www.instagram.com/harborline.example' },
        ],
      },
    ],
  };
}

export function demoFooter(l: Labels, prefix: string, regions: FooterContent['regions']): FooterContent {
  return {
    columns: [
      { title: l.menu, is_collapsable: true, links: [{ display_name: l.fullMenu, url: `${prefix}/menu/` }, { display_name: l.specials, url: `${prefix}/specials/` }] },
      { title: l.about, is_collapsable: true, links: [{ display_name: l.ourStory, url: `${prefix}/about/` }, { display_name: l.careers, url: `${prefix}/careers/` }] },
      { title: l.help, is_collapsable: false, links: [{ display_name: l.contact, url: `${prefix}/contact-us/` }, { display_name: l.locations, url: `${prefix}/locations/` }] },
    ],
    social_icons: [
      { icon: 'facebook', link: 'https://www.facebook.com/harborline.example' },
      { icon: 'instagram', link: 'https://www.instagram.com/harborline.example' },
      { icon: 'twitter', link: 'https://twitter.com/harborline_example' },
      { icon: 'youtube', link: 'https://www.youtube.com/@harborline.example' },
      { icon: 'tiktok', link: 'https://www.tiktok.com/@harborline.example' },
    ],
    legal_text: l.legal,
    regions,
    use_twitter_bird: false,
  };
}

/**
 * Header and footer snippets for every seeded site and language, with the new header on.
 * Region URLs are absolute (the switcher compares them with the current URL), hence the port.
 */
export async function seedSiteSnippets(db: Db, port: number): Promise<void> {
  const origin = (host: string) => `http://${host}${port === 80 ? '' : `:${port}`}/`;
  const sites = await listSites(db);
  const regions = sites.map((site) => ({ id: site.id, title: site.hostname.startsWith('ca.') ? 'Canada' : 'United States', url: origin(site.hostname) }));
  for (const site of sites) {
    const tree = await loadSiteTree(db, site);
    for (const root of tree.roots) {
      const labels = root.languageCode.startsWith('fr') ? FR : EN;
      await saveSiteSnippets(db, site.id, root.languageCode, {
        header: demoHeader(labels, root.prefix),
        footer: demoFooter(labels, root.prefix, regions),
        newHeader: true,
      });
    }
  }
}
