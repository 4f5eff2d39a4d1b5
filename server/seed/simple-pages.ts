import type { DemoPage } from './demo-pages';

/** The two simple pages of spec section 2 (server/modules/pages/types/simple.ts), on the US site. */
export function simpleDemoPages(): DemoPage[] {
  return [
    {
      pageType: 'ContactUsPageLandingPage',
      title: 'Thanks for Reaching Out',
      slug: 'contact-us-thanks',
      robots: 'noindex',
      content: {},
    },
    {
      pageType: 'EmailSignupPageLandingPage',
      title: 'Fresh Catch News',
      slug: 'fresh-catch-news',
      seo_title: 'Fresh Catch News | Harborline Seafood',
      search_description:
        'Join Fresh Catch News for a free appetizer or dessert, and hear first about new dishes and events.',
      content: {},
    },
  ];
}
