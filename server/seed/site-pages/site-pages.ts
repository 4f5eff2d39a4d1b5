import type { DemoPage } from '../demo-pages';
import { aboutPage, careersPage } from './about';
import type { PageLocale } from './common';
import { contactPage, signupPage, unsubscribePage } from './forms';
import { accountPages, faqPage, legalPages, orderPage } from './help';
import { menuPage } from './menu';
import { cateringPage, giftCardsPage, specialsPage } from './offers';

/**
 * Every page the demo header and footer link to, in one language of one site, in menu order.
 * The seed plants the same list on each site and language, so a French page is the
 * translation of the English page at the same position (same slug, same translation key).
 */
export function sitePages(locale: PageLocale): DemoPage[] {
  return [
    menuPage(locale),
    specialsPage(locale),
    cateringPage(locale),
    aboutPage(locale),
    careersPage(locale),
    giftCardsPage(locale),
    faqPage(locale),
    ...legalPages(locale),
    orderPage(locale),
    accountPages(locale),
    contactPage(locale),
    signupPage(locale),
    unsubscribePage(locale),
  ];
}
