import { randomUUID } from 'node:crypto';

/**
 * The demo content of the fictional Harborline Seafood chain. Plain data: the seed runs it
 * through the same page service staff use, so every value here passes the page-type schemas.
 */
let blockCounter = 0;
export const block = (type: string, value: Record<string, unknown>) => ({
  type,
  id: `demo-${++blockCounter}-${randomUUID().slice(0, 8)}`,
  value,
});

export type DemoPage = {
  pageType: string;
  title: string;
  slug?: string;
  seo_title?: string;
  search_description?: string;
  robots?: string;
  content: Record<string, unknown>;
  children?: DemoPage[];
};

const errorPages = (title: string): DemoPage => ({
  pageType: 'RedirectPage',
  title: 'Error pages',
  slug: 'error-pages',
  content: { redirect_to: '/' },
  children: [{ pageType: 'Error404', title, slug: '404', robots: 'noindex', content: {} }],
});

export function usHome(): DemoPage {
  return {
    pageType: 'HomePage',
    title: 'Harborline Seafood',
    slug: 'home',
    seo_title: 'Harborline Seafood | Fresh Seafood Restaurants',
    search_description: 'Fresh fish, crab and lobster at Harborline Seafood restaurants across the US and Canada.',
    content: {
      body: [
        block('hero', {
          heading: 'Seafood Worth the Trip',
          subheading: 'Wood-grilled fish, hand-picked crab and lobster, served by people who love the sea.',
          background_style: 'lighthouse',
          link: { url: '/locations/', display_name: 'Find a Restaurant', link_type: 'internal', link_style: 'primary' },
        }),
        block('heading', { text: 'Fresh From the Dock', level: 'h2', rope: true, alignment: 'centered' }),
        block('rich_text', {
          html: '<p>Our boats come in before dawn, and by lunch the catch is on your plate. Every Harborline kitchen fillets its fish by hand and bakes its biscuits every hour.</p><p>See the <a href="/menu/">full menu</a>, this season’s <a href="/specials/">specials</a>, or let us <a href="/catering/">cater</a> your next gathering.</p>',
          alignment: 'left',
          container: 'twoThirds',
        }),
      ],
    },
    children: [errorPages('Page not found')],
  };
}

export function canadaHomeEnglish(): DemoPage {
  return {
    pageType: 'HomePage',
    title: 'Harborline Seafood Canada',
    slug: 'home-ca',
    seo_title: 'Harborline Seafood Canada',
    search_description: 'Fresh seafood restaurants across Canada.',
    content: {
      body: [
        block('hero', {
          heading: 'Fresh Seafood, Coast to Coast',
          subheading: 'From Halifax to Vancouver, the catch of the day is on the table.',
          background_style: 'blue-chill',
          link: { url: '/locations/', display_name: 'Find a Restaurant', link_type: 'internal', link_style: 'primary' },
        }),
        block('heading', { text: 'Fresh From the Dock', level: 'h2', rope: true, alignment: 'centered' }),
        block('rich_text', {
          html: '<p>Our boats come in before dawn, and by lunch the catch is on your plate.</p><p>See the <a href="/menu/">full menu</a>, this season’s <a href="/specials/">specials</a>, or let us <a href="/catering/">cater</a> your next gathering.</p>',
          alignment: 'left',
          container: 'twoThirds',
        }),
      ],
    },
    children: [errorPages('Page not found')],
  };
}

export function canadaHomeFrench(): DemoPage {
  return {
    pageType: 'HomePage',
    title: 'Harborline Fruits de mer Canada',
    slug: 'accueil',
    seo_title: 'Harborline Fruits de mer Canada',
    search_description: 'Des restaurants de fruits de mer frais partout au Canada.',
    content: {
      body: [
        block('hero', {
          heading: "Des fruits de mer frais, d'un océan à l'autre",
          subheading: 'De Halifax à Vancouver, la pêche du jour est dans votre assiette.',
          background_style: 'blue-chill',
          link: {
            url: '/fr/locations/',
            display_name: 'Trouver un restaurant',
            link_type: 'internal',
            link_style: 'primary',
          },
        }),
        block('heading', { text: 'Frais du quai', level: 'h2', rope: true, alignment: 'centered' }),
        block('rich_text', {
          html: '<p>Nos bateaux rentrent avant l’aube, et dès midi la pêche est dans votre assiette.</p><p>Découvrez le <a href="/fr/menu/">menu complet</a>, les <a href="/fr/specials/">promotions</a> de la saison ou notre service <a href="/fr/catering/">traiteur</a>.</p>',
          alignment: 'left',
          container: 'twoThirds',
        }),
      ],
    },
    children: [errorPages('Page introuvable')],
  };
}
