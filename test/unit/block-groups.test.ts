import { expect } from 'chai';
import { BLOCK_GROUPS, blockGroupOf } from '../../views/blocks/groups';
import { blockSchemas } from '../../views/blocks/schemas';

describe('block picker groups', () => {
  it('places every registered block in exactly one group, and names no unknown block', () => {
    const listed: string[] = Object.values(BLOCK_GROUPS).flat();
    expect(new Set(listed).size, 'a block listed twice').to.equal(listed.length);
    expect(
      [...blockSchemas.keys()].filter((type) => blockGroupOf(type) === 'Other'),
      'blocks without a group',
    ).to.deep.equal([]);
    expect(
      listed.filter((type) => !blockSchemas.has(type)),
      'unknown blocks',
    ).to.deep.equal([]);
    expect(blockGroupOf('heading')).to.equal('Text');
    expect(blockGroupOf('no_such_block')).to.equal('Other');
  });
});
