import { homeBody } from './site-pages/home';

/**
 * The demo content of the fictional Harborline Seafood chain. Plain data: the seed runs it
 * through the same page service staff use, so every value here passes the page-type schemas.
 */

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
      body: homeBody({ lang: 'en', prefix: '', country: 'US' }),
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
      body: homeBody({ lang: 'en', prefix: '', country: 'CA' }),
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
      body: homeBody({ lang: 'fr', prefix: '/fr', country: 'CA' }),
    },
    children: [errorPages('Page introuvable')],
  };
}
