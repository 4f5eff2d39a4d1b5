import { demoImage, type DemoImageKey } from '../../../views/blocks/demo-images';
import { block } from '../demo-block';

/**
 * Helpers for the pages the demo navigation names (menu, specials, catering, our story,
 * careers, gift cards, FAQ, legal, ordering, account). Each page is written once with its
 * English and French text side by side, so the two languages cannot drift apart in shape.
 */
export type Lang = 'en' | 'fr';

/** A language's copy of one page: its language and the path prefix of its links ('' or '/fr'). */
export type PageLocale = { lang: Lang; prefix: string; country: 'US' | 'CA' };

export const tx = (locale: PageLocale, en: string, fr: string) => (locale.lang === 'fr' ? fr : en);

export { block };

export const image = (key: DemoImageKey, alt: string) => demoImage(key, alt);

export const link = (url: string, display_name: string, link_style: 'primary' | 'secondary' | 'text' = 'primary') => ({
  url,
  display_name,
  link_type: 'internal' as const,
  link_style,
});

export const richText = (html: string, container: 'full' | 'twoThirds' | 'half' = 'twoThirds') =>
  block('rich_text', { html, alignment: 'left', container });

export const heading = (text: string, level: 'h2' | 'h3' = 'h2', rope = true) =>
  block('heading', { text, level, rope, alignment: 'centered' });

/** Prices: US dollars on the US site, Canadian dollars (a little higher) on the Canada site. */
export function price(locale: PageLocale, usd: number): string {
  const amount = locale.country === 'CA' ? Math.round(usd * 1.32) - 0.01 : usd;
  const text = amount.toFixed(2);
  return locale.lang === 'fr' ? `${text.replace('.', ',')} $` : `$${text}`;
}
