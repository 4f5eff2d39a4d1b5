import { expect } from 'chai';
import { renderToStaticMarkup } from 'react-dom/server';
import { IconSprite } from '../../views/components/header/Icon';
import { Logo } from '../../views/components/layout/Logo';

/** The markup with the server's fixed strings, then with the elements the browser bundle renders and hydrates. */
function bothWays(render: () => string): { server: string; browser: string } {
  const before = process.env.BROWSER_BUNDLE;
  try {
    delete process.env.BROWSER_BUNDLE;
    const server = render();
    process.env.BROWSER_BUNDLE = '1';
    return { server, browser: render() };
  } finally {
    if (before === undefined) delete process.env.BROWSER_BUNDLE;
    else process.env.BROWSER_BUNDLE = before;
  }
}

describe('markup the server writes as one fixed piece', () => {
  it('the logo drawing is the same markup the browser renders (hydration matches)', () => {
    const { server, browser } = bothWays(() => renderToStaticMarkup(<Logo siteName="Harborline Seafood" />));
    expect(server).to.contain('<path');
    expect(server).to.equal(browser);
  });

  it('the icon sprite is the same markup the browser renders', () => {
    const { server, browser } = bothWays(() => renderToStaticMarkup(<IconSprite />));
    expect(server).to.contain('<symbol');
    expect(server).to.equal(browser);
  });
});
