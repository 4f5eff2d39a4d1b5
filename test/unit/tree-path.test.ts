import { expect } from 'chai';
import { ancestorPaths, decodeStep, encodeStep, nextChildPath } from '../../server/tree-path';

describe('materialised tree paths', () => {
  it('encodes positions as four base-36 characters that sort in order', () => {
    expect(encodeStep(1)).to.equal('0001');
    expect(encodeStep(36)).to.equal('0010');
    const steps = [1, 9, 10, 35, 36, 1295, 1296].map(encodeStep);
    expect([...steps].sort()).to.deep.equal(steps);
    expect(decodeStep(encodeStep(12345))).to.equal(12345);
  });

  it('gives the next child after the last one', () => {
    expect(nextChildPath('0001', undefined)).to.equal('00010001');
    expect(nextChildPath('0001', '0001000Z')).to.equal('00010010');
  });

  it('lists ancestors from the top', () => {
    expect(ancestorPaths('000100020003')).to.deep.equal(['0001', '00010002']);
  });

  it('refuses positions a level cannot hold', () => {
    expect(() => encodeStep(0)).to.throw(RangeError);
    expect(() => encodeStep(36 ** 4)).to.throw(RangeError);
  });
});
