import { expect } from 'chai';
import { oncePerObject } from '../../shared/memo/once-per-object';

describe('oncePerObject', () => {
  it('computes once per key object, separately for each object, and remembers undefined results too', () => {
    const calls: object[] = [];
    const sizeOf = oncePerObject((list: number[]) => {
      calls.push(list);
      return list.length === 0 ? undefined : list.length;
    });
    const a = [1, 2];
    const b = [3];
    const empty: number[] = [];
    expect([sizeOf(a), sizeOf(a), sizeOf(b), sizeOf(empty), sizeOf(empty)]).to.deep.equal([
      2,
      2,
      1,
      undefined,
      undefined,
    ]);
    expect(calls).to.deep.equal([a, b, empty]);
  });
});
