import { expect } from 'chai';
import request from 'supertest';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

/** The head of a page, up to </head>. */
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

describe('lead image preload (Lighthouse: largest paint found late)', () => {
  let t: TestApp;
  useTestApp({}, (suite) => ({ t } = suite));

  it('preloads the press list’s first image (inside <picture>) from the head, before the module preloads, as the <source> the browser picks', async () => {
    const html = (await request(t.app).get('/press/releases/').expect(200)).text;
    const head = headOf(html);
    const link = /<link rel="preload" as="image"[^>]*>/.exec(head)?.[0];
    expect(link, 'an image preload in the head').to.be.a('string');
    expect(link).to.include('fetchPriority="high"').and.include('type="image/avif"');
    expect(head.indexOf(link!)).to.be.below(head.indexOf('rel="modulepreload"'));
    // The same srcset and sizes as the first AVIF <source> in the body, so the preload is used.
    const source = /<source type="image\/avif" srcSet="([^"]+)" sizes="([^"]+)"/.exec(
      html.slice(html.indexOf('<body')),
    )!;
    expect(link).to.include(`imageSrcSet="${source[1]}"`).and.include(`imageSizes="${source[2]}"`);
  });

  it('preloads only the lead block’s images: later images stay lazy and unpreloaded', async () => {
    const html = (await request(t.app).get('/block-gallery/').expect(200)).text;
    const preloads = headOf(html).match(/<link rel="preload" as="image"/g) ?? [];
    const lazy = html.match(/loading="lazy"/g) ?? [];
    expect(preloads).to.have.length(1);
    // The lead (accordion feature) block's image, not the two-column hero's further down.
    const firstAvif = /<source type="image\/avif" srcSet="([^"]+)"/.exec(html.slice(html.indexOf('<body')))![1]!;
    expect(headOf(html)).to.include(`imageSrcSet="${firstAvif}"`);
    expect(lazy.length).to.be.above(3);
  });

  it('gives videos a WebP poster, not the widest JPEG', async () => {
    const html = (await request(t.app).get('/block-gallery/').expect(200)).text;
    const posters = [...html.matchAll(/<video[^>]+poster="([^"]+)"/g)].map((match) => match[1]);
    expect(posters.length).to.be.above(0);
    for (const poster of posters) expect(poster).to.match(/\/media\/images\/\d+\/w\d+\.webp$/);
  });
});

describe('head order', () => {
  let t: TestApp;
  useTestApp({}, (suite) => ({ t } = suite));

  it('asks for the stylesheet before the font and module preloads (the first paint waits for it alone)', async () => {
    const head = headOf((await request(t.app).get('/').expect(200)).text);
    const stylesheet = head.indexOf('rel="stylesheet"');
    expect(stylesheet).to.be.above(0);
    expect(stylesheet).to.be.below(head.indexOf('as="font"'));
    expect(stylesheet).to.be.below(head.indexOf('<link rel="modulepreload" href='));
  });
});
