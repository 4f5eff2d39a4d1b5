import type { Db } from '../db';
import type { FooterContent, HeaderContent } from '../../shared/schemas/navigation';
import { saveSiteSnippets } from '../modules/navigation/service';
import { listLocales, listSites } from '../modules/sites/repo';
import { initialiseCountry } from '../modules/snippets/service';
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
  legalTitle: 'Legal',
  terms: 'Terms of Use',
  privacy: 'Privacy Policy',
  accessibility: 'Accessibility',
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
  legalTitle: 'Mentions légales',
  terms: 'Conditions d’utilisation',
  privacy: 'Politique de confidentialité',
  accessibility: 'Accessibilité',
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
          { display_name: l.press, url: `${prefix}/press/` },
        ],
      },
      {
        role: 'secondary',
        title: l.help,
        links: [
          { display_name: l.giftCards, url: `${prefix}/gift-cards/` },
          { display_name: l.faq, url: `${prefix}/faq/` },
          { display_name: l.contact, url: `${prefix}/contact-us/` },
        ],
      },
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

export function demoFooter(l: Labels, prefix: string): FooterContent {
  return {
    columns: [
      {
        title: l.menu,
        is_collapsable: true,
        links: [
          { display_name: l.fullMenu, url: `${prefix}/menu/` },
          { display_name: l.specials, url: `${prefix}/specials/` },
          { display_name: l.catering, url: `${prefix}/catering/` },
          { display_name: l.giftCards, url: `${prefix}/gift-cards/` },
        ],
      },
      {
        title: l.about,
        is_collapsable: true,
        links: [
          { display_name: l.ourStory, url: `${prefix}/about/` },
          { display_name: l.careers, url: `${prefix}/careers/` },
          { display_name: l.press, url: `${prefix}/press/` },
        ],
      },
      {
        title: l.help,
        is_collapsable: true,
        links: [
          { display_name: l.faq, url: `${prefix}/faq/` },
          { display_name: l.contact, url: `${prefix}/contact-us/` },
          { display_name: l.locations, url: `${prefix}/locations/` },
        ],
      },
      {
        title: l.legalTitle,
        is_collapsable: true,
        links: [
          { display_name: l.terms, url: `${prefix}/terms-of-use/` },
          { display_name: l.privacy, url: `${prefix}/privacy-policy/` },
          { display_name: l.accessibility, url: `${prefix}/accessibility/` },
        ],
      },
    ],
    social_icons: [
      { icon: 'facebook', link: 'https://www.facebook.com/harborline.example' },
      { icon: 'instagram', link: 'https://www.instagram.com/harborline.example' },
      { icon: 'twitter', link: 'https://twitter.com/harborline_example' },
      { icon: 'youtube', link: 'https://www.youtube.com/@harborline.example' },
      { icon: 'tiktok', link: 'https://www.tiktok.com/@harborline.example' },
    ],
    legal_text: l.legal,
    regions: [],
    use_twitter_bird: false,
  };
}

/** Printable country names per language (the country snippets; editors add more). */
const COUNTRY_NAMES: Record<string, { en: string; fr: string }> = {
  US: { en: 'US', fr: 'États-Unis' },
  CA: { en: 'Canada', fr: 'Canada' },
};

/**
 * Header menu and footer snippets for every seeded site and language, and a country snippet per
 * site and language (the footer's region switcher links to each country's root page).
 */
export async function seedSiteSnippets(db: Db): Promise<void> {
  const sites = await listSites(db);
  const locales = await listLocales(db);
  for (const site of sites) {
    const tree = await loadSiteTree(db, site);
    for (const root of tree.roots) {
      const labels = root.languageCode.startsWith('fr') ? FR : EN;
      await saveSiteSnippets(db, site.id, root.languageCode, {
        header: demoHeader(labels, root.prefix),
        footer: demoFooter(labels, root.prefix),
      });
    }
    const iso = site.hostname.startsWith('ca.') ? 'CA' : 'US';
    for (const locale of locales) {
      const root = tree.roots.find((r) => r.languageCode === locale.language_code) ?? tree.roots[0];
      const names = COUNTRY_NAMES[iso]!;
      await initialiseCountry(db, {
        iso_code: iso,
        language_code: locale.language_code,
        printable_name: locale.language_code.startsWith('fr') ? names.fr : names.en,
        site_id: site.id,
        root_page_id: root?.page.id ?? null,
      });
    }
  }
}
