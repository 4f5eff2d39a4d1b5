import { expect } from 'chai';
import request from 'supertest';
import { blockSchemas } from '../../views/blocks/schemas';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';
import { linksInHtml } from '../helpers/crawler';

describe('block gallery page', () => {
  let t: TestApp;
  useTestApp({}, (suite) => ({ t } = suite));

  it('shows every registered block type, with demo images that resolve to real renditions', async () => {
    const res = await request(t.app).get('/block-gallery/').set('Host', 'localhost:3000').expect(200);
    for (const type of blockSchemas.keys()) expect(res.text, type).to.include(`data-block-type="${type}"`);
    const urls = [
      ...new Set([...res.text.matchAll(/\/media\/images\/\d+\/w\d+\.(?:avif|webp|jpeg)/g)].map((m) => m[0])),
    ];
    expect(urls.length).to.be.greaterThan(5);
    for (const url of urls.slice(0, 6)) await request(t.app).get(url).expect(200).expect('X-Rendition-Cache', 'hit');
  });

  it("links only to pages and files that exist (each block's demo links to seeded pages)", async () => {
    const res = await request(t.app).get('/block-gallery/').set('Host', 'localhost:3000').expect(200);
    const base = 'http://localhost:3000/block-gallery/';
    const internal = [...new Set(linksInHtml(res.text))]
      .filter((link) => !/^(#|mailto:|tel:)/.test(link))
      .map((link) => new URL(link, base))
      .filter((url) => url.origin === 'http://localhost:3000');
    expect(internal.length).to.be.greaterThan(30);
    const broken: string[] = [];
    for (const url of internal) {
      const answer = await request(t.app).get(`${url.pathname}${url.search}`).set('Host', url.host);
      if (answer.status >= 400) broken.push(`${answer.status} ${url.pathname}${url.search}`);
    }
    expect(broken).to.deep.equal([]);
  });

  it('allows the configured embed hosts in the CSP frame-src', async () => {
    const res = await request(t.app).get('/block-gallery/').set('Host', 'localhost:3000').expect(200);
    expect(res.headers['content-security-policy']).to.include(
      "frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com",
    );
  });
});
