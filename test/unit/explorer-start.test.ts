import { expect } from 'chai';
import { explorerStartPath } from '../../server/modules/pages/explorer-service';

describe("explorerStartPath (where a limited user's explorer opens)", () => {
  it('opens at the one granted page', () => {
    expect(explorerStartPath(['000100010008'])).to.equal('000100010008');
  });
  it('opens at the nearest page above several grants, in whole tree steps', () => {
    expect(explorerStartPath(['000100010008', '0001000100090002'])).to.equal('00010001');
    // '0001000100' is shared but ends inside a step: the page is 00010001.
    expect(explorerStartPath(['000100010011', '000100010012'])).to.equal('00010001');
  });
  it('stays at the tree root for superusers, no grants, or grants in different sites', () => {
    expect(explorerStartPath(null)).to.equal(null);
    expect(explorerStartPath([])).to.equal(null);
    expect(explorerStartPath(['00010001', '00010002'])).to.equal(null);
  });
});
