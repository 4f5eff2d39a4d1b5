import { expect } from 'chai';
import React from 'react';
import { renderToString } from 'react-dom/server';

/**
 * test/setup.ts turns off React's per-element owner stacks (they cost a fifth of a server
 * render's CPU): React's development warnings must still reach console.error, where the root
 * hooks turn them into failures.
 */
function warningsWhile(render: () => void): string[] {
  const seen: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void seen.push(args.map(String).join(' '));
  try {
    render();
  } finally {
    console.error = original;
  }
  return seen;
}

describe('React development warnings in tests', function () {
  before(function () {
    // The production build (test/react-build.ts) has no warnings to report.
    if (process.env.TEST_REACT_BUILD === 'production') this.skip();
  });

  it('still reports a list without keys', () => {
    const items = ['a', 'b'];
    const seen = warningsWhile(() =>
      renderToString(
        <ul>
          {items.map((item) => (
            <li>{item}</li>
          ))}
        </ul>,
      ),
    );
    expect(seen.join('\n')).to.include('unique "key" prop');
  });

  it('still reports an unknown DOM property', () => {
    const props = { classname: 'x' } as Record<string, string>;
    const seen = warningsWhile(() => renderToString(<div {...props} />));
    expect(seen.join('\n')).to.match(/Invalid DOM property `%s`.*classname/s);
  });

  it('renders elements without capturing an owner stack each', function () {
    if (process.env.TEST_REACT_OWNER_STACKS === '1') this.skip();
    const internals = (React as unknown as Record<string, { recentlyCreatedOwnerStacks?: number }>)
      .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE!;
    expect(internals.recentlyCreatedOwnerStacks).to.equal(Number.POSITIVE_INFINITY);
  });
});
