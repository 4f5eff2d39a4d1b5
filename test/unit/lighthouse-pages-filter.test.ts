import { expect } from 'chai';
import { pagesMatching } from '../../scripts/bench/lighthouse';

const pages = [
  { page: 'home', path: '/' },
  { page: 'gallery', path: '/block-gallery/' },
  { page: 'press', path: '/press/releases/' },
];

describe('LIGHTHOUSE_PAGES (bench:lighthouse on some pages only)', () => {
  it('keeps every page when unset or blank', () => {
    expect(pagesMatching(pages, undefined)).to.deep.equal(pages);
    expect(pagesMatching(pages, ' , ')).to.deep.equal(pages);
  });

  it('keeps the pages whose path contains one of the comma-separated parts', () => {
    expect(pagesMatching(pages, 'block-gallery').map((p) => p.page)).to.deep.equal(['gallery']);
    expect(pagesMatching(pages, 'press, gallery').map((p) => p.page)).to.deep.equal(['gallery', 'press']);
  });

  it('keeps only that page for a part equal to a whole path (the home page is `/`, in every path)', () => {
    expect(pagesMatching(pages, '/, block-gallery').map((p) => p.page)).to.deep.equal(['home', 'gallery']);
    expect(pagesMatching(pages, '/press/releases/').map((p) => p.page)).to.deep.equal(['press']);
  });

  it('refuses a filter that matches no page instead of measuring nothing', () => {
    expect(() => pagesMatching(pages, 'no-such-page')).to.throw(
      /matches none of \/, \/block-gallery\/, \/press\/releases\//,
    );
  });
});
