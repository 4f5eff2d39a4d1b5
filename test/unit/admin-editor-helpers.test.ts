import { expect } from 'chai';
import { blockSummary } from '../../client/admin/editor/block-summary';
import { sidebarStateIn } from '../../shared/admin/sidebar';

describe('sidebarStateIn', () => {
  it('reads the saved choice from the Cookie header among other cookies', () => {
    expect(sidebarStateIn('sessionid=abc; wagtail_sidebar=collapsed')).to.equal('collapsed');
    expect(sidebarStateIn('wagtail_sidebar=expanded')).to.equal('expanded');
  });
  it('has no saved choice for anything else, so the screen width decides', () => {
    for (const header of [
      undefined,
      '',
      'wagtail_sidebar=',
      'wagtail_sidebar=open',
      'xwagtail_sidebar=collapsed',
      'wagtail_sidebar=collapsedx',
      'other=wagtail_sidebar=collapsed',
    ]) {
      expect(sidebarStateIn(header), String(header)).to.equal(undefined);
    }
  });
});

describe('blockSummary', () => {
  it('prefers a heading or title, strips tags and skips links', () => {
    expect(blockSummary({ url: 'https://example.com/', heading: 'Fresh catch', body: '<p>Hello</p>' })).to.equal(
      'Fresh catch',
    );
    expect(blockSummary({ body: '<p>Chowder <strong>every</strong> day</p>' })).to.equal('Chowder every day');
    expect(blockSummary({ items: [{ link: '/menu/' }, { title: 'Lobster roll' }] })).to.equal('Lobster roll');
  });
  it('cuts long text at a word and says nothing for empty blocks', () => {
    const long = blockSummary({ text: 'word '.repeat(40) });
    expect(long.endsWith('…')).to.equal(true);
    expect(long.length).to.be.at.most(71);
    expect(blockSummary({ image: null, items: [] })).to.equal('');
  });
});
