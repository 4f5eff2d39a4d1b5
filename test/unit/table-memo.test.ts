import { expect } from 'chai';
import { estimatedBytes, TableMemo } from '../../server/cache/table-memo';

/** The memo's rules, without a database: what is served, what is dropped, how much is kept. */
describe('TableMemo', () => {
  const listening = () => Object.assign(new TableMemo(), { listening: true });
  const counting = () => {
    let loads = 0;
    return { load: async () => ++loads, loads: () => loads };
  };

  it('loads once, then serves the same answer until a table it read is written', async () => {
    const memo = listening();
    const source = counting();
    expect(await memo.read('k', ['pages'], source.load)).to.equal(1);
    expect(await memo.read('k', ['pages'], source.load)).to.equal(1);
    memo.invalidate(new Set(['sessions']));
    expect(await memo.read('k', ['pages'], source.load), 'another table changed').to.equal(1);
    memo.invalidate(new Set(['pages']));
    expect(await memo.read('k', ['pages'], source.load)).to.equal(2);
    memo.invalidate('*');
    expect(await memo.read('k', ['pages'], source.load)).to.equal(3);
  });

  it('never serves a load that raced with a write', async () => {
    const memo = listening();
    let release!: () => void;
    const slow = memo.read(
      'k',
      ['pages'],
      () => new Promise<string>((resolve) => (release = () => resolve('old rows'))),
    );
    memo.invalidate(new Set(['pages']));
    release();
    expect(await slow).to.equal('old rows');
    expect(await memo.read('k', ['pages'], async () => 'new rows')).to.equal('new rows');
  });

  it('does not keep a failed load', async () => {
    const memo = listening();
    await memo.read('k', ['pages'], async () => Promise.reject(new Error('database away'))).catch(() => undefined);
    expect(await memo.read('k', ['pages'], async () => 'back')).to.equal('back');
  });

  it('reads through until it can hear writes', async () => {
    const memo = new TableMemo();
    const source = counting();
    await memo.read('k', ['pages'], source.load);
    await memo.read('k', ['pages'], source.load);
    expect(source.loads()).to.equal(2);
    expect(memo.size).to.equal(0);
  });

  it('keeps a bounded number of answers, whatever paths are asked for', async () => {
    const memo = listening();
    for (let i = 0; i < 10_000; i++) await memo.read(`live /home/ /nope-${i}/`, ['pages'], async () => undefined);
    expect(memo.size).to.be.at.most(4000);
  });

  it('keeps answers within its byte budget, least recently used first out', async () => {
    const row = (i: number) => ({ id: i, body: 'x'.repeat(1000) });
    const size = estimatedBytes(row(1));
    const memo = Object.assign(new TableMemo({ maxBytes: 3 * size }), { listening: true });
    for (const i of [1, 2, 3]) await memo.read(`k${i}`, ['pages'], async () => row(i));
    expect(memo.bytes).to.equal(3 * size);
    // k1 is used again, so k2 is now the least recently used and goes for k4.
    await memo.read('k1', ['pages'], async () => row(-1));
    await memo.read('k4', ['pages'], async () => row(4));
    expect(memo.size).to.equal(3);
    expect(memo.bytes).to.be.at.most(3 * size);
    expect((await memo.read('k1', ['pages'], async () => row(-1))).id, 'kept').to.equal(1);
    expect((await memo.read('k2', ['pages'], async () => row(-2))).id, 'evicted, loaded again').to.equal(-2);
  });

  it('does not keep an answer larger than its whole budget, and keeps nothing with a budget of 0', async () => {
    const memo = Object.assign(new TableMemo({ maxBytes: 100 }), { listening: true });
    expect(await memo.read('big', ['pages'], async () => 'y'.repeat(500))).to.have.length(500);
    expect(memo.size).to.equal(0);
    expect(memo.bytes).to.equal(0);
    memo.resize(0);
    const source = counting();
    await memo.read('k', ['pages'], source.load);
    await memo.read('k', ['pages'], source.load);
    expect(source.loads()).to.equal(2);
  });

  it('gives back the bytes of what a write drops', async () => {
    const memo = listening();
    await memo.read('k', ['pages'], async () => ({ title: 'Home' }));
    expect(memo.bytes).to.be.greaterThan(0);
    memo.invalidate('*');
    expect(memo.bytes).to.equal(0);
  });
});
