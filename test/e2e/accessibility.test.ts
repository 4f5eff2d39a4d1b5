import { expect } from 'chai';
import { axeViolations, WCAG_TAGS } from '../helpers/axe';
import { openTab } from '../helpers/browser';
import { useBrowserSuite, waitForHydration } from '../helpers/browser-suite';

/** Every page the seed creates (one of each directory kind), with the template it uses. */
const PAGES: { template: string; path: string; host?: string }[] = [
  { template: 'HomePage', path: '/' },
  { template: 'ExamplePage', path: '/about/' },
  { template: 'ExamplePage: menu', path: '/menu/' },
  { template: 'ExamplePage: specials', path: '/specials/' },
  { template: 'ExamplePage: catering', path: '/catering/' },
  { template: 'ExamplePage: careers', path: '/careers/' },
  { template: 'ExamplePage: gift cards', path: '/gift-cards/' },
  { template: 'ExamplePage: FAQ', path: '/faq/' },
  { template: 'UtilityPage', path: '/terms-of-use/' },
  { template: 'UtilityPage: privacy', path: '/privacy-policy/' },
  { template: 'UtilityPage: accessibility', path: '/accessibility/' },
  { template: 'UtilityPage: order', path: '/order/' },
  { template: 'UtilityPage: log in', path: '/account/login/' },
  { template: 'Error404', path: '/error-pages/404/' },
  { template: 'Error404 (unknown URL)', path: '/no-such-page/' },
  { template: 'Error404 with quick search results', path: '/error-pages/404/?q=Orlando' },
  { template: 'ExamplePage: block gallery', path: '/block-gallery/' },
  { template: 'Footer', path: '/blocks/footer/' },
  { template: 'ContactUsPageLandingPage', path: '/contact-us-thanks/' },
  { template: 'EmailSignupPageLandingPage', path: '/fresh-catch-news/' },
  { template: 'LocationsPageStateList', path: '/locations/' },
  { template: 'LocationsPageLocationList', path: '/locations/list/florida/orlando/' },
  { template: 'LocationsPageMap', path: '/locations/map/?q=Orlando' },
  { template: 'HomePage (Canada)', path: '/', host: 'ca.localhost' },
  { template: 'HomePage (French)', path: '/fr/', host: 'ca.localhost' },
  { template: 'ExamplePage: menu (French)', path: '/fr/menu/', host: 'ca.localhost' },
  { template: 'ExamplePage: specials (French)', path: '/fr/specials/', host: 'ca.localhost' },
  { template: 'ExamplePage: our story (French)', path: '/fr/about/', host: 'ca.localhost' },
  { template: 'ExamplePage: FAQ (French)', path: '/fr/faq/', host: 'ca.localhost' },
  { template: 'LocationsPageStateList (French)', path: '/fr/locations/', host: 'ca.localhost' },
  { template: 'Error404 with quick search (French)', path: '/fr/error-pages/404/?q=Montreal', host: 'ca.localhost' },
];
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'narrow', width: 390, height: 844 },
];

describe('accessibility of public templates (axe-core, WCAG 2.2 AA)', function () {
  this.timeout(120_000);
  const suite = useBrowserSuite();

  async function open(path: string, viewport: { width: number; height: number }, host = 'localhost') {
    const tab = await openTab(suite.chromium.browser, viewport);
    // The injected axe script carries no nonce.
    await tab.page.setBypassCSP(true);
    await tab.page.goto(`http://${host}:${suite.server.port}${path}`, { waitUntil: 'load' });
    await waitForHydration(tab.page);
    return tab;
  }

  it('reports a violation when there is one (the check itself works)', async () => {
    const tab = await open('/', VIEWPORTS[0]!);
    await tab.page.evaluate(
      "document.querySelector('main').insertAdjacentHTML('beforeend', '<img src=\"/static/favicon.svg\"><button></button>')",
    );
    const violations = await axeViolations(tab.page, { tags: WCAG_TAGS });
    expect(violations.some((line) => line.startsWith('image-alt:'))).to.equal(true);
    expect(violations.some((line) => line.startsWith('button-name:'))).to.equal(true);
    await tab.page.close();
  });

  it("has no violations with the gallery's disclosures, accordions and video opened", async () => {
    const tab = await open('/block-gallery/', VIEWPORTS[0]!);
    await tab.page.evaluate(`(() => {
      for (const button of document.querySelectorAll('#mainContent button[aria-expanded="false"]')) button.click();
      for (const details of document.querySelectorAll('#mainContent details')) details.open = true;
      document.querySelector('[data-block-type="video_feature"] .block-video-feature__teaser button')?.click();
    })()`);
    await tab.page.waitForSelector('[data-block-type="video_feature"] video', { visible: true });
    // Opening things scrolls; where the sticky scroll-nav then sits over a link would depend on
    // timing, so measure from the top of the page, after the throttled scroll handler settles.
    await tab.page.evaluate(() => window.scrollTo(0, 0));
    // At the top no scroll-nav section is active; the throttled handler has caught up when it says so.
    await tab.page.waitForFunction(
      () => window.scrollY === 0 && !document.querySelector('.scroll-nav a[aria-current]'),
      { timeout: 5000 },
    );
    expect(await axeViolations(tab.page, { tags: WCAG_TAGS })).to.deep.equal([]);
    // Opening things scrolls the iframe block into view; its demo embed host is unreachable here.
    expect(
      tab.problems.filter(
        (problem) => !problem.startsWith('outbound request blocked: https://www.youtube-nocookie.com/'),
      ),
    ).to.deep.equal([]);
    await tab.page.close();
  });

  it('has no violations in the open burger menu and the expanded footer columns at 390px', async () => {
    const tab = await open('/', VIEWPORTS[1]!);
    await tab.page.evaluate(`(() => {
      for (const box of document.querySelectorAll('footer input[type="checkbox"]')) if (!box.checked) box.click();
    })()`);
    await tab.page.click('.burger__button');
    await tab.page.waitForSelector('.burger__modal[open]');
    expect(await axeViolations(tab.page, { tags: WCAG_TAGS })).to.deep.equal([]);
    tab.assertClean();
    await tab.page.close();
  });

  /**
   * Checks the open page at each width, narrowing the same tab: a page is loaded and hydrated once
   * for both, and the narrow check sees what a phone turned from landscape (or a window made
   * narrower) shows, which the layout must handle as well as a fresh load.
   */
  async function expectNoViolationsAtEachWidth(tab: Awaited<ReturnType<typeof open>>) {
    for (const viewport of VIEWPORTS) {
      await tab.page.setViewport({ width: viewport.width, height: viewport.height });
      // The resize has been laid out and the page's resize handlers have run.
      await tab.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
      expect(await axeViolations(tab.page, { tags: WCAG_TAGS }), `at ${viewport.width}px`).to.deep.equal([]);
    }
  }

  it('LocationsPageLocation (with its map image) at 1280px and 390px has no violations', async () => {
    const row = await suite.app.db
      .selectFrom('locations')
      .select(['state_slug', 'city_slug', 'line1_slug'])
      .where('city', '=', 'Orlando')
      .orderBy('rlid')
      .executeTakeFirstOrThrow();
    const tab = await open(`/locations/list/${row.state_slug}/${row.city_slug}/${row.line1_slug}/`, VIEWPORTS[0]!);
    await tab.page.evaluate(() => document.querySelector('.location-page__map')?.scrollIntoView());
    await tab.page.waitForFunction(
      () => (document.querySelector('.location-page__map img') as HTMLImageElement | null)?.complete === true,
      { timeout: 20000 },
    );
    await expectNoViolationsAtEachWidth(tab);
    tab.assertClean();
    await tab.page.close();
  });

  /**
   * The walk of every template goes from page to page in one tab, as a visitor does: a new tab
   * costs Chromium more than the page in it (a renderer process each), and a navigation leaves
   * nothing of the page before but what a visitor's browser keeps too (cookies, storage). The
   * suite's browser context closes it with the others.
   */
  let walker: Awaited<ReturnType<typeof open>> | undefined;
  async function walkTo(path: string, host = 'localhost') {
    if (!walker) return (walker = await open(path, VIEWPORTS[0]!, host));
    walker.problems.length = 0;
    await walker.page.setViewport({ width: VIEWPORTS[0]!.width, height: VIEWPORTS[0]!.height });
    await walker.page.goto(`http://${host}:${suite.server.port}${path}`, { waitUntil: 'load' });
    await waitForHydration(walker.page);
    return walker;
  }

  for (const { template, path, host } of PAGES) {
    it(`${template} at 1280px and 390px has no violations`, async () => {
      const tab = await walkTo(path, host);
      await expectNoViolationsAtEachWidth(tab);
      tab.assertClean();
    });
  }

  it('a page first loaded at 390px has no violations either (the home page)', async () => {
    const tab = await open('/', VIEWPORTS[1]!);
    expect(await axeViolations(tab.page, { tags: WCAG_TAGS })).to.deep.equal([]);
    tab.assertClean();
    await tab.page.close();
  });
});
