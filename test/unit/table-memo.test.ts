import { expect } from 'chai';
import { TableMemo } from '../../server/cache/table-memo';

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
    const slow = memo.read('k', ['pages'], () => new Promise<string>((resolve) => (release = () => resolve('old rows'))));
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
});
