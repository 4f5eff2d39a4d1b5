import { expect } from 'chai';
import request from 'supertest';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

function pageData(html: string) {
  const match = /<script type="application\/json" id="page-data"[^>]*>(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no page-data script');
  return JSON.parse(match[1]!);
}

const HOMES = [
  { name: 'US', host: 'localhost:3000', path: '/', lead: 'A seafood platter with a whole lobster', price: '$24.99' },
  {
    name: 'Canada English',
    host: 'ca.localhost:3000',
    path: '/',
    lead: 'A seafood platter with a whole lobster',
    price: '$32.99',
  },
  {
    name: 'Canada French',
    host: 'ca.localhost:3000',
    path: '/fr/',
    lead: 'Un plateau de fruits de mer',
    price: '32,99 $',
  },
];

/** The sections a restaurant chain's home page has, in this order (issue 29, item 7). */
const SECTIONS = [
  'two_column_hero', // a big dish picture
  'heading',
  'content_grid', // current offers
  'heading',
  'content_grid', // menu favourites with pictures and prices
  'rich_text',
  'two_column_feature', // find a restaurant
  'fresh_catch_news_promo', // the e-mail club
  'gift_cards_feature',
  'two_column_feature', // catering
];

describe('demo home pages', () => {
  let t: TestApp;
  useTestApp({}, (suite) => ({ t } = suite));

  for (const home of HOMES) {
    it(`${home.name}: a dish picture first, offers, favourites with prices, finder, e-mail club, gift cards, catering`, async () => {
      const res = await request(t.app).get(home.path).set('Host', home.host).expect(200);
      const body = pageData(res.text).page.content.body as Array<{ type: string }>;
      expect(body.map((block) => block.type)).to.deep.equal(SECTIONS);
      const imgs = [...res.text.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
      // Every picture is a stored demo image with its own description, the first one eager.
      expect(imgs.length).to.be.at.least(12);
      for (const img of imgs) {
        expect(img).to.match(/src="\/media\/images\/\d+\//);
        expect(img).to.match(/ alt="[^"]{12,}"/);
      }
      expect(imgs[0]).to.include(`alt="${home.lead}`).and.include('fetchPriority="high"');
      expect(imgs.slice(1).every((img) => img.includes('loading="lazy"'))).to.equal(true);
      // Its picture is preloaded from the head.
      expect(res.text.slice(0, res.text.indexOf('</head>'))).to.match(/<link rel="preload" as="image"/);
      expect(res.text).to.include(home.price);
    });
  }

  it('the French home has French alt text and no English sentence from the English home', async () => {
    const [en, fr] = await Promise.all([
      request(t.app).get('/').set('Host', 'ca.localhost:3000').expect(200),
      request(t.app).get('/fr/').set('Host', 'ca.localhost:3000').expect(200),
    ]);
    const alts = (html: string) => [...html.matchAll(/<img [^>]* alt="([^"]*)"/g)].map((m) => m[1]!);
    const english = new Set(alts(en.text));
    for (const alt of alts(fr.text)) expect(english.has(alt), alt).to.equal(false);
    // The coupon, the one picture with words on it, is drawn in French for the French page.
    const couponSrc = (html: string) => /<img src="([^"]+)"[^>]* alt="Coupon/.exec(html)?.[1];
    expect(couponSrc(fr.text)).to.be.a('string').and.not.equal(couponSrc(en.text));
    for (const sentence of ['Current Offers', 'Menu Favorites', 'Give the Gift of Seafood', 'See the full menu'])
      expect(fr.text).not.to.include(sentence);
    for (const link of [...fr.text.matchAll(/<main[\s\S]*?<\/main>/g)][0]![0].matchAll(/href="(\/[^"]*)"/g))
      expect(link[1], 'a French page links to French pages').to.match(/^\/fr\//);
  });
});

describe('demo menu pages', () => {
  let t: TestApp;
  useTestApp({}, (suite) => ({ t } = suite));

  const MENUS = [
    {
      host: 'localhost:3000',
      path: '/menu/',
      dish: 'Steamed Whole Lobster',
      price: '$29.99',
      alt: 'A whole steamed lobster',
    },
    {
      host: 'ca.localhost:3000',
      path: '/fr/menu/',
      dish: 'Homard entier à la vapeur',
      price: '39,99 $',
      alt: 'Un homard entier',
    },
  ];
  for (const menu of MENUS) {
    it(`${menu.path} on ${menu.host}: every course's dishes with a picture, what is in them and a price`, async () => {
      const res = await request(t.app).get(menu.path).set('Host', menu.host).expect(200);
      const body = pageData(res.text).page.content.body as Array<{ type: string; value: { items?: unknown[] } }>;
      const grids = body.filter((block) => block.type === 'content_grid');
      expect(grids.map((grid) => grid.value.items!.length)).to.deep.equal([3, 6, 2]);
      const cards = [...res.text.matchAll(/<div class="block-content-grid__item">([\s\S]*?)<\/div><\/div>/g)].map(
        (m) => m[1]!,
      );
      expect(cards).to.have.length(11);
      for (const card of cards) {
        expect(card).to.match(/<img [^>]* alt="[^"]{12,}"/);
        expect(card).to.match(/<h3>[^<]+<\/h3><p>[^<]+<\/p><p><strong>(\$\d+\.\d\d|\d+,\d\d \$)<\/strong><\/p>/);
      }
      expect(res.text).to.include(`<h3>${menu.dish}</h3>`).and.include(menu.price).and.include(`alt="${menu.alt}`);
    });
  }
});
